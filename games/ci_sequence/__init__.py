"""C#I Sequence (Quadrante Isegrim): a hidden-information tile game on a 4x4 board."""
