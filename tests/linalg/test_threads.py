"""Dispatches may run in several Python threads at once: the process-wide caches stay whole, and
each thread's results are the ones it gets alone (contexts and scratch arrays are per thread)."""

from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from dxlinalg.gpu.resources import resolve_handle
from dxlinalg.linalg.fast.matrix_cache import MatrixCache
from dxlinalg.memory.address_space import AddressSpace
from dxlinalg.numerics.component_types import ComponentType as T
from dxlinalg.numerics.component_types import MatrixLayout as L
from dxlinalg.profile.matrix_storage import MatrixDescription, encode_matrix, stored_size
from dxlinalg.profile.registry import load_profile
from dxlinalg.samples import mlp_inference, mlp_training
from dxlinalg.samples.host_helpers import GpuContext
from dxlinalg.samples.mlp_model import random_weights

REFERENCE = load_profile("reference")


def test_a_matrix_cache_under_eviction_pressure_from_four_threads_stays_consistent():
    """Each insert evicts (the cache holds one matrix), so lookups race with evictions; every
    answer must still be its own matrix, and the byte count must stay exact."""
    desc = MatrixDescription(8, 8, T.F32, L.RowMajor, 32)
    space = AddressSpace()
    buffers, matrices = [], []
    for seed in range(3):
        matrix = np.random.default_rng(seed).standard_normal((8, 8)).astype(np.float32)
        buffer = space.allocate(stored_size(desc, REFERENCE))
        encode_matrix(matrix, buffer.data, desc, REFERENCE)
        buffer.mark_written()
        buffers.append(buffer)
        matrices.append(matrix)
    ranges = [resolve_handle(buffer, 'matrix') for buffer in buffers]
    cache = MatrixCache(max_bytes=8 * 8 * 4)
    errors: list[BaseException] = []

    def hammer(start: int) -> None:
        try:
            for i in range(3000):
                which = (start + i) % 3
                got = cache.prepared(ranges[which], 0, desc, REFERENCE, False, np.dtype(np.float32))
                assert np.array_equal(got.transposed, matrices[which].T)
        except BaseException as error:     # noqa: BLE001 - reported below
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)             # switch threads as often as possible
    try:
        threads = [threading.Thread(target=hammer, args=(start,)) for start in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors, errors[0]
    assert cache.hits + cache.misses == 4 * 3000
    assert cache._bytes == sum(entry.transposed.nbytes for entry in cache._entries.values())


def test_dispatches_in_two_threads_give_the_bits_each_gives_alone():
    weights = random_weights()
    alone = {v: mlp_inference.run_variant(GpuContext("reference"), v, weights, 48, 32).image
             for v in ("fp16", "int8")}
    with ThreadPoolExecutor(max_workers=2) as pool:
        together = dict(zip(alone, pool.map(
            lambda v: mlp_inference.run_variant(GpuContext("reference"), v, weights, 48, 32).image, alone)))
    for variant in alone:
        assert np.array_equal(alone[variant], together[variant]), variant


def test_training_steps_in_two_threads_give_the_bits_each_gives_alone():
    def losses():
        return mlp_training.train("reference", steps=6, batch=256, size=8, log_every=2, verbose=False).losses

    alone = losses()
    with ThreadPoolExecutor(max_workers=2) as pool:
        together = list(pool.map(lambda _: losses(), range(2)))
    assert together == [alone, alone]
