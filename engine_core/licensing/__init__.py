"""Licenses, license keys, entitlements and quotas."""
