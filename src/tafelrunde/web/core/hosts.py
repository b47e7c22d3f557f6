"""The host names the app answers to: this computer's names and addresses when it is public."""

from __future__ import annotations

import contextlib
import os
import socket
from urllib.parse import urlsplit

import psutil

LOCAL = ["localhost", "127.0.0.1", "[::1]"]


def machine_hosts() -> list[str]:
    """The names and addresses under which this computer is reached in the club's network."""
    hosts = set(LOCAL)
    name = socket.gethostname()
    hosts |= {name, f"{name}.local", socket.getfqdn()}
    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family == socket.AF_INET:
                hosts.add(address.address)
            elif address.family == socket.AF_INET6:
                hosts.add(f"[{address.address.split('%')[0]}]")
    return sorted(h for h in hosts if h)


def allowed_hosts() -> list[str]:
    """This computer only, or its network names when public; plus TAFELRUNDE_HOSTS."""
    extra = [h.strip() for h in os.environ.get("TAFELRUNDE_HOSTS", "").split(",") if h.strip()]
    public = os.environ.get("TAFELRUNDE_PUBLIC") == "1"
    given = urlsplit(os.environ.get("TAFELRUNDE_PUBLIC_URL", "").strip()).hostname
    return [*(machine_hosts() if public else LOCAL), *extra, *([given] if given else [])]


def lan_address() -> str | None:
    """This computer's IPv4 address in the club's network (None: no network)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # chooses the outgoing interface; sends nothing
        address: str = probe.getsockname()[0]
        if not address.startswith("127."):
            return address
    for addresses in psutil.net_if_addrs().values():
        for a in addresses:
            if a.family == socket.AF_INET and not a.address.startswith(("127.", "169.254.")):
                return str(a.address)
    return None


def public_base(port: int) -> str | None:
    """The address phones use: TAFELRUNDE_PUBLIC_URL, else this computer's network address
    when it serves the network; None when it serves this computer only."""
    given = os.environ.get("TAFELRUNDE_PUBLIC_URL", "").strip().rstrip("/")
    if given:
        return given
    if os.environ.get("TAFELRUNDE_PUBLIC") != "1":
        return None
    address = lan_address()
    return f"http://{address}:{port}" if address else None
