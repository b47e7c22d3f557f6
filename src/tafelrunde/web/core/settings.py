"""Django settings of Tafelrunde; the database is chosen by `tafelrunde.web.core.database`."""

from __future__ import annotations

import contextlib
import os
import secrets
from datetime import timedelta
from pathlib import Path

from csp.constants import NONE, SELF
from django.conf.locale import LANG_INFO

from tafelrunde.catalogue import compile_all
from tafelrunde.i18n import DEFAULT_LANGUAGE, languages, locale_dir
from tafelrunde.web.core.database import data_dir, database
from tafelrunde.web.core.hosts import allowed_hosts

HERE = Path(__file__).resolve().parent


def _secret_key() -> tuple[str, bool]:
    """The secret key and whether it is kept: from the environment, else from the data folder
    (owner only); a folder that cannot be written gets a key for this run only."""
    key = os.environ.get("TAFELRUNDE_SECRET_KEY")
    if key:
        return key, True
    path = data_dir() / "secret-key"
    with contextlib.suppress(OSError):
        if kept := path.read_text(encoding="utf-8").strip():
            return kept, True
    key = secrets.token_urlsafe(50)
    try:
        path.unlink(missing_ok=True)  # an empty file left by a full disk
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(key)
            out.flush()
            os.fsync(out.fileno())
    except OSError:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)
        return key, False  # logins last until the next start only
    return key, True


SECRET_KEY, SECRET_KEY_KEPT = _secret_key()
DEBUG = os.environ.get("TAFELRUNDE_DEBUG") == "1"
ALLOWED_HOSTS = allowed_hosts()

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "csp",
    "tafelrunde.web.core.apps.CoreConfig",
    "tafelrunde.web.public.apps.PublicConfig",
    "tafelrunde.web.table.apps.TableConfig",
    "tafelrunde.web.live.apps.LiveConfig",
    "tafelrunde.web.paper.apps.PaperConfig",
    "tafelrunde.web.club.apps.ClubConfig",
    "tafelrunde.web.api.apps.ApiConfig",
    "tafelrunde.web.player.apps.PlayerConfig",
    "tafelrunde.web.orga.apps.OrgaConfig",
    "tafelrunde.web.families.apps.FamiliesConfig",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "tafelrunde.web.core.unreachable.DatabaseRetry",  # a dropped connection: once more, or 503
    "tafelrunde.web.api.cors.ApiCors",  # the listed websites' scripts may read the API
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "tafelrunde.web.core.middleware.PrintableHtml",  # no control characters typed shown again
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tafelrunde.web.core.ended_sessions.EndedSessions",  # a logged-out cookie copy is void
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tafelrunde.web.core.middleware.StorageGuard",
    "tafelrunde.web.core.writes.OneWriter",  # a write: its lock first, one transaction
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into its page
]
ROOT_URLCONF = "tafelrunde.web.core.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "tafelrunde.web.core.middleware.storage_banner",
                "tafelrunde.web.core.roles.context",
                "tafelrunde.web.core.csrf_once.context",  # one masked token per request
            ]
        },
    }
]
ASGI_APPLICATION = "tafelrunde.web.asgi.application"
DATABASES = {"default": database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

compile_all(only_stale=True)  # a catalogue added or changed since the setup
LOCALE_PATHS = [locale_dir()]
LANGUAGE_CODE = DEFAULT_LANGUAGE
LANGUAGES = [(code, LANG_INFO.get(code, {}).get("name_local", code)) for code in languages()]
TIME_ZONE = os.environ.get("TAFELRUNDE_TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
WHITENOISE_USE_FINDERS = True  # served from the package, no collectstatic step
WHITENOISE_AUTOREFRESH = DEBUG
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"  # nothing written per login
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 4000  # the rules form of 20 stages has about 1,900 fields
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {
        "django": {"handlers": ["console"], "level": "WARNING"},
        "tafelrunde": {"handlers": ["console"], "level": "WARNING"},  # e.g. refused connections
    },
}
# Rates (counted per trusted address, in each process's memory: web/core/rates.py)
TABLE_LINK_RATE = os.environ.get("TAFELRUNDE_TABLE_LINK_RATE", "30/m")  # posts per table link
TABLE_ADDRESS_RATE = os.environ.get("TAFELRUNDE_TABLE_ADDRESS_RATE", "900/m")  # per address
API_RATE = os.environ.get("TAFELRUNDE_API_RATE", "600/m")  # JSON API requests per address
SIGN_UP_RATE = os.environ.get("TAFELRUNDE_SIGN_UP_RATE", "20/h")  # online sign-ups per address
EMBED_POLL = 60  # seconds: how often an embed without a live stream asks whether it changed
# e-mail (a registrant's pass): only when the server is given an SMTP server
EMAIL_HOST = os.environ.get("TAFELRUNDE_SMTP_HOST", "")
EMAIL_PORT = int(os.environ.get("TAFELRUNDE_SMTP_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("TAFELRUNDE_SMTP_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("TAFELRUNDE_SMTP_PASSWORD", "")
EMAIL_USE_TLS = EMAIL_PORT == 587
EMAIL_TIMEOUT = 10  # seconds: a sign-up does not wait longer for the mail server
DEFAULT_FROM_EMAIL = os.environ.get("TAFELRUNDE_SMTP_FROM", "tafelrunde@localhost")
# (counted in each app process: with several processes an address gets their sum)
CSRF_FAILURE_VIEW = "tafelrunde.web.core.views.errors.csrf_failure"

# Logins: wrong passwords are counted per user name and address (django-axes); after
# AXES_FAILURE_LIMIT of them that pair waits AXES_COOLOFF_TIME, or `tafelrunde unlock NAME`.
# An address with LOGIN_ADDRESS_FAILURE_LIMIT wrong passwords across all user names (one
# password tried on many names) waits as well, for every name, or `tafelrunde unlock`.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [  # for the logins the organisers add on the web
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 8},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "tafelrunde.web.core.passwords.PublishedPasswordValidator"},
]
AXES_FAILURE_LIMIT = 10
LOGIN_ADDRESS_FAILURE_LIMIT = 30
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # a login writes nothing when it succeeds
AXES_LOCKOUT_CALLABLE = "tafelrunde.web.core.views.errors.locked_out"
AXES_HANDLER = "tafelrunde.web.core.attempts.KeptAttempts"
AXES_VERBOSE = False
AXES_CLIENT_IP_CALLABLE = "tafelrunde.web.core.rates.address_of"  # the trusted address only

# Browser security: only our own files run; no frames; HTTPS settings when it is served so.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    }
}
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = CSRF_COOKIE_SAMESITE = "Lax"
HTTPS = os.environ.get("TAFELRUNDE_HTTPS") == "1"  # served over HTTPS (by a proxy in front)
if HTTPS:
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    SECURE_HSTS_INCLUDE_SUBDOMAINS = False  # the club's other hosts are not ours to decide
    CSRF_TRUSTED_ORIGINS = [f"https://{h}" for h in ALLOWED_HOSTS if h and "*" not in h]
    SILENCED_SYSTEM_CHECKS = [
        "security.W005",  # HSTS for subdomains: the club's other sites are not ours to bind
        "security.W021",  # HSTS preload list: a lasting promise for a whole domain, not ours
    ]
else:
    # plain HTTP in a club's network: there is no TLS these checks could ask for
    SILENCED_SYSTEM_CHECKS = [
        "security.W004",  # HSTS
        "security.W008",  # redirect to HTTPS
        "security.W012",  # session cookie only over HTTPS
        "security.W016",  # CSRF cookie only over HTTPS
    ]
