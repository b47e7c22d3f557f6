"""The host names the app answers to: this computer's names and addresses when it is public."""

from __future__ import annotations

import os
import socket

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
    return [*(machine_hosts() if public else LOCAL), *extra]
