"""The club's people: persons (members and guests) across tournaments, linked to players."""
