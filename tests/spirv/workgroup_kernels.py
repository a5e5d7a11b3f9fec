"""Builder-made kernels over a Workgroup array, for the Workgroup-memory and barrier tests."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from dxlinalg.spirv import run
from dxlinalg.spirv.builder import ComputeKernel
from dxlinalg.spirv.enums import BuiltIn, Scope, StorageClass

ACQUIRE_RELEASE_WORKGROUP = 0x108          # what GLSL barrier() and HLSL GroupMemoryBarrierWithGroupSync emit


class SharedKernel:
    """main() over `threads` invocations per workgroup: `tile` is a Workgroup uint[slots] (optionally
    initialised), `l` the LocalInvocationIndex, `out` a uint per invocation at (set 0, binding 0)."""

    def __init__(self, threads: int = 8, slots: int = 8, initializer: str | list[int] | None = None) -> None:
        self.threads = threads
        self.k = ComputeKernel(local_size=(threads, 1, 1))
        self.b = self.k.module
        self.fn = self.k.fn
        b = self.b
        self.uint = b.uint()
        self.bool = b.bool()
        array = b.array(self.uint, slots)
        initial = None
        if initializer == "null":
            initial = b.null(array)
        elif initializer is not None:
            initial = b.constant_composite(array, *(self.c(v) for v in initializer))
        self.tile = b.variable(array, StorageClass.Workgroup, initializer=initial, name="tile")
        self.out = self.k.buffer(0, 0, self.uint)
        self.i = self.k.global_id_x()
        self.l = self.fn.op("OpLoad", self.uint, self.k.builtin(BuiltIn.LocalInvocationIndex, self.uint))
        self.words: np.ndarray | None = None

    def c(self, value: int) -> int:
        return self.b.constant(self.uint, value)

    def op(self, name: str, *operands: int) -> int:
        return self.fn.op(name, self.uint, *operands)

    def slot(self, index: int, variable: int | None = None) -> int:
        return self.fn.op("OpAccessChain", self.b.pointer(StorageClass.Workgroup, self.uint),
                          self.tile if variable is None else variable, index)

    def write(self, index: int, value: int) -> None:
        self.fn.do("OpStore", self.slot(index), value)

    def read(self, index: int) -> int:
        return self.fn.op("OpLoad", self.uint, self.slot(index))

    def neighbour(self, step: int = 1) -> int:
        """(l + step) % threads."""
        return self.op("OpUMod", self.op("OpIAdd", self.l, self.c(step)), self.c(self.threads))

    def barrier(self, semantics: int = ACQUIRE_RELEASE_WORKGROUP, execution: int = Scope.Workgroup,
                memory: int = Scope.Workgroup) -> None:
        self.fn.do("OpControlBarrier", self.c(execution), self.c(memory), self.c(semantics))

    def when(self, condition: int, body: Callable[[], None]) -> None:
        """if (condition) { body }"""
        then, merge = self.fn.label(), self.fn.label()
        self.fn.do("OpSelectionMerge", merge, 0)
        self.fn.do("OpBranchConditional", condition, then, merge)
        self.fn.block(then)
        body()
        self.fn.do("OpBranch", merge)
        self.fn.block(merge)

    def less(self, a: int, b: int) -> int:
        return self.fn.op("OpULessThan", self.bool, a, b)

    def emit(self, value: int) -> None:
        self.k.store(self.out, self.i, self.uint, value)

    def run(self, groups: int = 1, **options: object) -> np.ndarray:
        if self.words is None:
            self.words = self.k.finish()
        return run(self.words, groups=(groups, 1, 1),  # type: ignore[arg-type]
                   buffers={(0, 0): np.zeros(groups * self.threads, np.uint32)}, **options)[(0, 0)]
