"""The format families on the web: each family's package answers what every app asks of it.

A family's package (`group`, `knockout`) holds one module per app with that app's answers
and a `register()` that adds them; `INSTALLED` is the registration, read when the apps are
ready. A new family is a package like these and one line in `installed`.
"""
