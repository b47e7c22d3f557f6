"""Print pages: table cards with QR codes, score sheets, lists, rankings and certificates."""
