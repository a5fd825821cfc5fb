"""Benchmarks: `make bench` runs every `bench_*.py` module here.

Each module defines ``run() -> list[dict]``; a row has ``group``, ``name``,
``value``, ``unit`` and optionally ``target`` (a string such as ``<= 30``)
and ``note``. The runner prints one table and writes
``benchmarks/results/latest.json``.
"""
