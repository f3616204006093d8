"""Live updates: a notice "match N changed (position, offer, chat)" or "your games changed" reaches every open page.

A change records its notice in its own transaction (`notices.publish`); each web process runs one `hub` that reads
new notices (from the database, and from Redis pub/sub when configured) and wakes the Server-Sent Events streams
(`views.events`) of the pages that listen. A page then fetches its own fragments through the ordinary views, so a
viewer only ever receives what that viewer's own page may show.
"""
