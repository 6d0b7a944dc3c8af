"""Which IP addresses a partner callback may connect to: public unicast ones only.

`ipaddress`' `is_global` is the base, with what it misses (on Python 3.11 it calls
multicast, site-local, 6to4, NAT64 and the IPv4-compatible range global) refused here:
- an IPv6 address that only wraps an IPv4 one (IPv4-mapped `::ffff:0:0/96`, NAT64's
  well-known `64:ff9b::/96`) is judged as that IPv4 address, which is what it reaches;
- every other IPv6 address must be global unicast (`2000::/3`), outside the ranges IANA
  lists as not globally reachable, and whatever IPv4 address it carries (IPv4-compatible,
  local-use NAT64, 6to4, Teredo's server and XOR-ed client, an ISATAP interface id) must
  be public too.
"""

from __future__ import annotations

import ipaddress

_V4 = ipaddress.IPv4Network
_V6 = ipaddress.IPv6Network
# Not globally reachable, yet not all of them private, reserved or multicast to `ipaddress`.
_NOT_PUBLIC_V4 = (
    _V4("0.0.0.0/8"),
    _V4("100.64.0.0/10"),  # shared address space (carrier-grade NAT)
    _V4("192.0.0.0/24"),  # IETF protocol assignments
    _V4("192.88.99.0/24"),  # 6to4 relay anycast (deprecated)
    _V4("198.18.0.0/15"),  # benchmarking
)
_GLOBAL_UNICAST = _V6("2000::/3")
_NOT_PUBLIC_V6 = (
    _V6("2001::/23"),  # IETF protocol assignments, Teredo's 2001::/32 among them
    _V6("2001:db8::/32"),  # documentation
    _V6("2002::/16"),  # 6to4
    _V6("3fff::/20"),  # documentation (RFC 9637)
)
_IPV4_MAPPED = _V6("::ffff:0:0/96")
_IPV4_COMPATIBLE = _V6("::/96")
_NAT64 = _V6("64:ff9b::/96")
_NAT64_LOCAL = _V6("64:ff9b:1::/48")
_ISATAP_IDS = (0x0000_5EFE, 0x0200_5EFE)  # the interface id's high half, then the IPv4 address


def is_public_address(address: str) -> bool:
    """True when a connection to `address` can only reach the public internet."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv4Address):
        return _public_v4(ip)
    if ip in _IPV4_MAPPED or ip in _NAT64:
        return _public_v4(_low_32_bits(ip))
    return _public_v6(ip) and all(_public_v4(carried) for carried in _carried_ipv4(ip))


def _public_v4(ip: ipaddress.IPv4Address) -> bool:
    refused = ip.is_private or ip.is_reserved or ip.is_multicast or ip.is_loopback
    return ip.is_global and not refused and not any(ip in net for net in _NOT_PUBLIC_V4)


def _public_v6(ip: ipaddress.IPv6Address) -> bool:
    refused = ip.is_multicast or ip.is_site_local or ip.is_link_local or ip.is_private
    return (
        ip in _GLOBAL_UNICAST
        and ip.is_global
        and not refused
        and not any(ip in net for net in _NOT_PUBLIC_V6)
    )


def _carried_ipv4(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address embeds, by the forms that embed one."""
    carried: list[ipaddress.IPv4Address] = []
    if ip in _IPV4_COMPATIBLE or ip in _NAT64_LOCAL:
        carried.append(_low_32_bits(ip))
    if ip.sixtofour is not None:
        carried.append(ip.sixtofour)
    if ip.teredo is not None:
        carried.extend(ip.teredo)  # (server, client), the client already un-XOR-ed
    if (int(ip) >> 32) & 0xFFFF_FFFF in _ISATAP_IDS:
        carried.append(_low_32_bits(ip))
    return carried


def _low_32_bits(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address:
    return ipaddress.IPv4Address(int(ip) & 0xFFFF_FFFF)
