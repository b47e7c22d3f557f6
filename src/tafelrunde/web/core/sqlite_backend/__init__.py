"""Django's SQLite backend that still reads when the data folder cannot be written."""
