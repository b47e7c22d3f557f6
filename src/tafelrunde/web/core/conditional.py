"""Answers a client may keep: an ETag of their bytes, how long to keep them, and 304 to a
client that has them already (its If-None-Match names the ETag)."""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response


def etag_of(body: bytes) -> str:
    """A strong ETag of an answer's bytes."""
    return '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'


def tagged(body: bytes) -> tuple[bytes, str]:
    """An answer's bytes with their ETag (to keep them together)."""
    return body, etag_of(body)


def fresh(request: HttpRequest, answer: HttpResponse, etag: str, *, max_age: int) -> HttpResponse:
    """The answer with its ETag and Cache-Control; 304 Not Modified when the client has it."""
    answer["Cache-Control"] = f"public, max-age={max_age}"
    answer["ETag"] = etag
    return get_conditional_response(request, etag=etag, response=answer) or answer
