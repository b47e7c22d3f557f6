"""Template tags of Tafelrunde."""
