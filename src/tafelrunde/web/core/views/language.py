"""The language switch: a cookie and a way back, the same form on every page.

It takes no CSRF token: the pages everyone reads are shared by all visitors, so they carry
no visitor's token, and a forged switch can do no more than change the language shown.
"""

from __future__ import annotations

from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

language = csrf_exempt(set_language)
