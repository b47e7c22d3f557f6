"""Plain functions between the database's facts and the engine (no views, no forms)."""
