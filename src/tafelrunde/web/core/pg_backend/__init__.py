"""Django's PostgreSQL backend with a pool that is quickly back after a restart of the server."""
