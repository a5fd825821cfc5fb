"""Worker processes and a Dask cluster write byte for byte what one process writes."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

from batch_support import Expected, SealedFactory, assert_no_planted, tree_bytes

from engine_core.batch import PackPayload, scan


def test_two_worker_processes_write_the_same_bytes(
    dataset: tuple[Path, dict[str, Expected]], tmp_path: Path
) -> None:
    folder, _ = dataset
    one = scan([folder], tmp_path / "one", workers=1)
    two = scan([folder], tmp_path / "two", workers=2)
    assert tree_bytes(tmp_path / "one") == tree_bytes(tmp_path / "two")
    assert one.to_dict() == two.to_dict()
    assert_no_planted(tmp_path / "two")


def test_a_dask_cluster_writes_the_same_bytes_and_loads_the_pack_once_per_worker(
    dataset: tuple[Path, dict[str, Expected]], tmp_path: Path, make_sealed: SealedFactory
) -> None:
    from distributed import Client, LocalCluster

    from engine_core.batch import payload as payload_module

    folder, _ = dataset
    (folder / "orders.log").write_text(
        "".join(f"order ORD-{i:06d} for tok_ABCDEFGHIJK{i % 10}\n" for i in range(40)),
        encoding="utf-8",
    )
    pack, license = make_sealed()
    sealed = PackPayload.from_files(pack, license)
    one = scan([folder], tmp_path / "one", workers=1)
    sealed_one = scan([folder / "orders.log"], tmp_path / "sealed-one", pack=sealed, workers=1)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):

        def loaded() -> list[list[str]]:
            return list(client.run(lambda: sorted(payload_module._engines)).values())

        class Watch:
            """Looks at the workers while the scan runs."""

            seen: list[list[list[str]]] = []

            def start(self, files: int, total_bytes: int) -> None:
                pass

            def advance(self, records: int, nbytes: int) -> None:
                self.seen.append(loaded())

        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        dask = scan([folder], tmp_path / "dask", dask=address)
        sealed_dask = scan(
            [folder / "orders.log"],
            tmp_path / "sealed-dask",
            pack=sealed,
            dask=address,
            progress=Watch(),
        )
        after = loaded()
    assert tree_bytes(tmp_path / "one") == tree_bytes(tmp_path / "dask")
    assert tree_bytes(tmp_path / "sealed-one") == tree_bytes(tmp_path / "sealed-dask")
    assert one.to_dict() == dask.to_dict()
    assert sealed_one.to_dict() == sealed_dask.to_dict()
    assert sealed_dask.total.blocked == 40
    # While it ran, each worker held the sealed pack's engine, unsealed once from the bytes
    # it was sent; once the scan was over, no worker held any engine (nor the license).
    assert Watch.seen
    assert all(workers == [[sealed.token]] * 2 for workers in Watch.seen)
    assert after == [[], []]


def test_the_payload_carries_bytes_not_paths(tmp_path: Path, make_sealed: SealedFactory) -> None:
    pack, license = make_sealed()
    payload = PackPayload.from_files(pack, license)
    assert payload.sealed_pack == pack.read_bytes()
    assert payload.license == license.read_bytes()
    sent = pickle.dumps(payload)
    assert str(tmp_path).encode() not in sent  # nothing a worker would read from disk
    content_key = json.loads(license.read_text(encoding="utf-8"))["crypto"]["content_key"]
    assert content_key not in repr(payload)
