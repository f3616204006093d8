"""Developer tools run from the checkout (`make loadbench`, `make failurecheck`, CI): not installed with the site.

They drive the product through its own services and processes and copy none of its logic.
"""
