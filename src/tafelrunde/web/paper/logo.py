"""The club logo: an uploaded image checked and stored as a plain PNG of modest size."""

from __future__ import annotations

import io
import warnings

from PIL import Image, ImageOps, UnidentifiedImageError

MAX_BYTES = 2 * 1024 * 1024  # an upload larger than this is refused
MAX_SIDE = 600  # pixels: plenty for 4 cm on paper at 300 dpi
MAX_PIXELS = 40_000_000  # a larger picture is refused before it is decoded
FORMATS = ("PNG", "JPEG", "GIF", "WEBP")


class LogoRefused(ValueError):
    """An upload that is no usable picture."""


def cleaned_logo(data: bytes) -> bytes:
    """The picture as a PNG of at most MAX_SIDE pixels a side (nothing else of the file kept)."""
    if len(data) > MAX_BYTES:
        raise LogoRefused("too large")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=FORMATS) as probe:
                if probe.width * probe.height > MAX_PIXELS:
                    raise LogoRefused("too many pixels")
                probe.verify()
            with Image.open(io.BytesIO(data), formats=FORMATS) as img:
                img.load()
                shown = ImageOps.exif_transpose(img) or img
                shown.thumbnail((MAX_SIDE, MAX_SIDE))
                if shown.mode not in ("RGB", "RGBA", "L", "LA"):
                    shown = shown.convert("RGBA")
                out = io.BytesIO()
                shown.save(out, "PNG", optimize=True)
    except LogoRefused:
        raise
    except (OSError, SyntaxError, ValueError, EOFError, UnidentifiedImageError,
            Image.DecompressionBombError, Image.DecompressionBombWarning) as err:  # fmt: skip
        raise LogoRefused("no picture") from err
    return out.getvalue()
