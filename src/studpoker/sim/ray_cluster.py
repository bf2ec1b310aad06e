"""The blocks of a simulation on a Ray cluster (an optional extra: ``pip install ray``).

Every block runs as one Ray task, :func:`~studpoker.sim.simulation.run_block`,
exactly as a local worker process runs it, so the results are the same as on this
machine's cores.  ``address`` is what ``ray.init`` takes: ``"auto"`` or
``"HOST:PORT"`` for a running cluster (its nodes need the same studpoker
installed), ``"local"`` to start a Ray instance on this machine for the run.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

from studpoker.sim.simulation import Block, BlockResult, run_block

__all__ = ["run_on_ray"]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ValueError(
            "--ray needs the ray package, which is not installed: pip install 'ray>=2.40' "
            "(or run without --ray on this machine's cores)"
        ) from None
    return ray


def run_pickled(block: bytes) -> BlockResult:
    """:func:`run_block` of a block pickled by the standard pickle: Ray's cloudpickle
    would copy the cards' ``Card.from_code`` by value, which cannot rebuild a card."""
    loaded: Block = pickle.loads(block)
    return run_block(loaded)


def run_on_ray(
    blocks: list[Block], address: str, progress: Callable[[int], None]
) -> tuple[list[BlockResult], int]:
    """Run every block as a Ray task on the cluster at ``address``; the results and
    the cluster's number of CPUs."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"address": address, "log_to_driver": False}
        if address == "local":
            options["include_dashboard"] = False
        ray.init(**options)
    try:
        cpus = int(ray.cluster_resources().get("CPU", 0))
        task = ray.remote(run_pickled)
        pending = [task.remote(pickle.dumps(block)) for block in blocks]
        results: list[BlockResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                result: BlockResult = ray.get(ref)
                results.append(result)
                progress(result.hands)
        return results, cpus
    finally:
        if started:
            ray.shutdown()
