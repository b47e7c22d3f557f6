"""Shared test set-up: the Hypothesis profile and the `tests/` folder on the import path.

pytest puts this folder on ``sys.path`` (rootdir-less conftest, "prepend" import mode),
so every test module can ``import strategies`` and ``import helpers``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["clirun"]

settings.register_profile(
    "tafelrunde",
    deadline=None,  # the engine caches; first calls may be slow on a busy machine
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", parent=settings.get_profile("tafelrunde"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "tafelrunde"))


@pytest.fixture(autouse=True, scope="session")
def _quick_password_hashes() -> Iterator[None]:
    """Hash the tests' passwords with a quick hasher (Django's advice for tests): PBKDF2's
    million rounds are slow on purpose. Servers the tests start as processes keep PBKDF2."""
    from django.test import override_settings

    quick = override_settings(
        PASSWORD_HASHERS=[
            "django.contrib.auth.hashers.MD5PasswordHasher",
            "django.contrib.auth.hashers.PBKDF2PasswordHasher",
        ]
    )
    quick.enable()
    yield
    quick.disable()
