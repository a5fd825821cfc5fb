"""Licenses, license keys, entitlements and quotas.

Modules (import them directly; nothing is loaded here):

- ``context``: the LicenseContext protocol engines call before each decision,
  and the built-in CommunityLicense.
- ``license_file``: parse, verify and load license files (``load_license``,
  ``License``, ``FileLicenseContext``, ``resolve_license_path``).
- ``trust``: the authority keys built in and from ``ENGINE_AUTHORITY_KEYS``.
- ``keys``: ``EK1.`` license key strings and ``key_license_context``.
- ``entitlements``: globs, ``check_pack_allowed``.
- ``quotas``: per-minute sliding window and lifetime cap (``limits``).
- ``authority``: key pairs, trust files, signing and issuing (authority side).
"""
