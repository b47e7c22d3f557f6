"""The organisers' pages of the club's people."""
