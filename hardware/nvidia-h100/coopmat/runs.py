"""Every run of the cooperative-matrix probe: module, specialization constants, input buffers,
dispatch and the `needs` lines that let vkrun skip what the driver does not list.

The catalogue is deterministic (fixed seeds): `probe.py record` regenerates it and checks the
inputs byte for byte against the run folder before anything is recorded. Candidate sizes are
wider than what any one driver lists; vkrun skips (and logs) every run whose matrix or MulAdd
the driver's property lists lack, so the log and the dumps together say what is supported.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from components import COMPONENTS, SCOPES, USES, Component

SUBGROUP = 32
SIZES_SG = (4, 8, 16, 32, 64)                        # candidate rows / columns at subgroup scope
SHAPES_WG = ((16, 16), (32, 32), (64, 64), (32, 64), (64, 32))
INVOCATIONS_WG = (32, 64, 128, 256)
GUARD = 1024                                         # tensor probes: elements before the base


@dataclass(frozen=True)
class Module:
    name: str
    source: str                                      # file in this folder
    defines: tuple[tuple[str, str], ...]
    extension: str = ""


@dataclass
class Buffer:
    binding: int
    size: int                                        # bytes
    data: bytes | None = None                        # None: zeros (vkrun's '-')


@dataclass
class Run:
    name: str
    kind: str                                        # ownership, reduce, perelement, tensor, muladd
    module: Module
    spec: dict[int, int]
    buffers: list[Buffer]
    groups: int
    keep: tuple[int, ...]
    meta: dict
    needs: list[str] = field(default_factory=list)
    repeats: int = 1
    risky: bool = False                              # may fault the device: run in its own process


def _needs_matrix(component: Component, rows: int, cols: int, use: int, scope: str, invocations: int) -> str:
    return f"matrix {component.vulkan} {rows} {cols} {use} {SCOPES[scope][1]} {invocations if scope == 'wg' else 0}"


def _scope_needs(component: Component, scope: str) -> list[str]:
    needs = ["feature workgroupScope"] if scope == "wg" else []
    if component.name == "bf16":
        needs.append("feature bfloat16CooperativeMatrix")
    return needs


def _module(name: str, source: str, component: Component, scope: str, **extra: str) -> Module:
    """A module: the source with its type, scope and any further defines."""
    defines = {"T": component.glsl, "SCOPE": SCOPES[scope][0], "TO_U32(x)": component.to_u32, **extra}
    return Module(name, source, tuple(sorted(defines.items())), component.extension)


# ---- ownership ------------------------------------------------------------------------------------
def ownership_candidates() -> list[tuple]:
    candidates = []
    for name in ("f16", "bf16", "f32", "s8", "u8", "s32", "u32"):   # glslang has no double coopmat
        for use in (0, 1, 2):
            for rows in SIZES_SG:
                for cols in SIZES_SG:
                    candidates.append((name, use, rows, cols, "sg", SUBGROUP))
    for name in ("f16", "f32", "s8", "s32"):
        for use in (0, 1, 2):
            for rows, cols in SHAPES_WG:
                for invocations in INVOCATIONS_WG:
                    candidates.append((name, use, rows, cols, "wg", invocations))
    return candidates


def ownership_runs(candidates: list[tuple], prefix: str = "own", copies: int = 2) -> list[Run]:
    """`copies`: how many times an invocation's record leaves room for its share of the matrix."""
    runs = []
    for name, use, rows, cols, scope, invocations in candidates:
        component = COMPONENTS[name]
        per_invocation = max(8, copies * math.ceil(rows * cols / invocations))
        record = 3 + 2 * per_invocation
        r, c = np.indices((rows, cols))
        runs.append(Run(
            name=f"{prefix}_{name}_{USES[use]}_{rows}x{cols}_{scope}{invocations}", kind="ownership",
            module=_module(f"own_{name}_{scope}", "ownership.comp", component, scope),
            spec={0: invocations, 1: rows, 2: cols, 3: use, 4: record},
            buffers=[Buffer(0, rows * cols * component.size, component.encode(r)),
                     Buffer(1, rows * cols * component.size, component.encode(c)),
                     Buffer(2, invocations * record * 4)],
            groups=1, keep=(2,), repeats=2,
            meta={"type": name, "use": use, "rows": rows, "cols": cols, "scope": scope, "invocations": invocations,
                  "record": record},
            needs=_scope_needs(component, scope) + [_needs_matrix(component, rows, cols, use, scope, invocations)]))
    return runs


# ---- reduce ---------------------------------------------------------------------------------------
REDUCE_MODES = {"row": ("gl_CooperativeMatrixReduceRowNV", 1), "col": ("gl_CooperativeMatrixReduceColumnNV", 2),
                "rowcol": ("gl_CooperativeMatrixReduceRowAndColumnNV", 3), "2x2": ("gl_CooperativeMatrixReduce2x2NV", 4)}
COMBINES = ("path", "depth", "left", "calls", "first", "sum", "min", "max")
BIG = {"f16": 1024.0, "f32": 2.0 ** 20}
ROWCOL_PROBES = 128        # one-hot probes of a Row|Column reduction when the matrix has more elements
FULL_ROWCOL = 256          # ... than this (batch 2: 1024)


def one_hot_positions(mode: str, rows: int, cols: int, rng: np.random.Generator,
                      full: int = FULL_ROWCOL) -> list[np.ndarray]:
    """Per probe, the (rows, cols) bool mask of the leaves that carry the marker."""
    r, c = np.indices((rows, cols))
    if mode == "row":
        return [c == (r + j) % cols for j in range(cols)]
    if mode == "col":
        return [r == (c + j) % rows for j in range(rows)]
    if mode == "2x2":
        return [(r % 2 == j // 2) & (c % 2 == j % 2) for j in range(4)]
    count = rows * cols
    chosen = np.arange(count) if count <= full else np.unique(np.concatenate([
        [0, cols - 1, count - cols, count - 1], rng.choice(count, ROWCOL_PROBES - 4, replace=False)]))
    return [(r * cols + c) == k for k in chosen]


def reduce_probes(mode: str, combine: str, component: Component, rows: int, cols: int,
                  rng: np.random.Generator, full: int = FULL_ROWCOL) -> np.ndarray:
    """(probes, rows, cols) float64 input matrices of one (mode, combine) run."""
    if combine in ("path", "depth", "left"):
        leaf = 1.0 if combine == "path" else BIG[component.name]
        return np.stack([np.where(mask, leaf, 0.0) for mask in one_hot_positions(mode, rows, cols, rng, full)])
    if combine == "calls":
        return np.zeros((1, rows, cols))
    if combine == "first":
        index = np.arange(rows * cols, dtype=np.float64).reshape(rows, cols)
        return (index % 2048)[None] if component.name == "f16" else index[None]
    dtype = component.dtype
    probes = [rng.standard_normal((rows, cols)) for _ in range(4)]
    probes += [rng.choice([-1, 1], (rows, cols)) * np.exp2(rng.integers(-12, 8, (rows, cols))) for _ in range(2)]
    if combine == "sum":
        big = 2.0 ** 11 if component.name == "f16" else 2.0 ** 24
        r, c = np.indices((rows, cols))
        probes.append(np.where(c == r % cols, big, 1.0))                  # big + ones: the order shows
        probes.append(np.where(c == (cols - 1 - r % cols), big, 1.0))
    else:
        signed_zero = np.where(rng.random((rows, cols)) < 0.5, -0.0, 0.0)
        probes.append(signed_zero)
        nan = rng.standard_normal((rows, cols))
        nan[rows // 2, cols // 3] = np.nan
        probes.append(nan)
    return np.stack([np.asarray(p).astype(dtype).astype(np.float64) for p in probes])


def result_shapes(mode: str, rows: int, cols: int, scope: str) -> list[tuple[int, int]]:
    if mode == "2x2":
        return [(rows // 2, cols // 2)]
    if scope == "wg":
        return [(rows, cols)]
    halves = {"row": (rows, cols // 2), "col": (rows // 2, cols), "rowcol": (rows // 2, cols // 2)}[mode]
    return [(rows, cols), halves]


REDUCE_INPUTS = [("sg", SUBGROUP, 16, 16), ("sg", SUBGROUP, 16, 8), ("wg", 128, 32, 32), ("wg", 128, 64, 64)]


def reduce_runs(inputs=REDUCE_INPUTS, types=("f32", "f16"), combines=COMBINES, prefix: str = "red",
                full: int = FULL_ROWCOL, all_shapes: bool = True) -> list[Run]:
    runs = []
    for name in types:
        component = COMPONENTS[name]
        for scope, invocations, rows, cols in inputs:
            for mode, (glsl_mode, _) in REDUCE_MODES.items():
                for rrows, rcols in result_shapes(mode, rows, cols, scope if all_shapes else "wg"):
                    for combine in combines:
                        if combine == "first" and name == "f16" and rows * cols > 2048:
                            continue
                        seed = hash_seed("reduce", name, scope, rows, cols, mode, rrows, rcols, combine)
                        probes = reduce_probes(mode, combine, component, rows, cols, np.random.default_rng(seed), full)
                        module = _module(f"red_{name}_{scope}_{mode}_{combine}", "reduce.comp", component, scope,
                                         MODE=glsl_mode, COMBINE=f"combine_{combine}")
                        runs.append(Run(
                            name=f"{prefix}_{name}_{scope}{invocations}_{rows}x{cols}_{mode}_{rrows}x{rcols}_{combine}",
                            kind="reduce", module=module,
                            spec={0: invocations, 1: rows, 2: cols, 3: rrows, 4: rcols},
                            buffers=[Buffer(0, probes.size * component.size, component.encode(probes)),
                                     Buffer(1, len(probes) * rrows * rcols * component.size)],
                            groups=len(probes), keep=(1,),
                            meta={"type": name, "scope": scope, "invocations": invocations, "rows": rows, "cols": cols,
                                  "mode": mode, "result_rows": rrows, "result_cols": rcols, "combine": combine,
                                  "probes": len(probes), "seed": seed, "full_rowcol": full},
                            needs=_scope_needs(component, scope) + ["feature reductions",
                                   _needs_matrix(component, rows, cols, 2, scope, invocations),
                                   _needs_matrix(component, rrows, rcols, 2, scope, invocations)]))
    return runs


def hash_seed(*parts) -> int:
    """A stable seed from the run's parameters (Python's hash() is salted per process)."""
    text = "|".join(str(p) for p in parts).encode()
    value = 1469598103934665603
    for byte in text:
        value = ((value ^ byte) * 1099511628211) % 2 ** 64
    return value % 2 ** 32


# ---- per-element ----------------------------------------------------------------------------------
PERELEMENT_GROUPS = 4


def perelement_values(rows: int, cols: int, groups: int, name: str) -> np.ndarray:
    r, c = np.indices((rows, cols))
    base = (r * cols + c) % 1024 + 1 if name == "f16" else r * cols + c + 1
    return np.stack([base + (0 if name == "f16" else 4096 * g) for g in range(groups)]).astype(np.float64)


def perelement_runs(cases=None, groups: int = PERELEMENT_GROUPS, prefix: str = "pe") -> list[Run]:
    runs = []
    cases = cases or [("f32", "sg", SUBGROUP, 16, 16, 2, False), ("f32", "sg", SUBGROUP, 16, 8, 2, False),
             ("f16", "sg", SUBGROUP, 16, 16, 2, False), ("f16", "sg", SUBGROUP, 16, 16, 0, False),
             ("f16", "sg", SUBGROUP, 16, 16, 1, False), ("f32", "sg", SUBGROUP, 16, 16, 2, True),
             ("f32", "wg", 128, 32, 32, 2, False), ("f32", "wg", 128, 64, 64, 2, False),
             ("f16", "wg", 128, 64, 64, 0, False), ("f32", "wg", 256, 64, 64, 2, False)]
    for name, scope, invocations, rows, cols, use, extra in cases:
        component = COMPONENTS[name]
        values = perelement_values(rows, cols, groups, name)
        others = -values / 2 if extra else np.zeros_like(values)
        log_calls = 4 * groups * rows * cols
        module = _module(f"pe_{name}_{scope}{'_extra' if extra else ''}", "perelement.comp", component, scope,
                         **({"EXTRA": "1"} if extra else {}))
        runs.append(Run(
            name=f"{prefix}_{name}_{USES[use]}_{rows}x{cols}_{scope}{invocations}{'_extra' if extra else ''}",
            kind="perelement", module=module,
            spec={0: invocations, 1: rows, 2: cols, 3: use, 4: log_calls},
            buffers=[Buffer(0, values.size * component.size, component.encode(values)),
                     Buffer(1, values.size * component.size, component.encode(others)),
                     Buffer(2, values.size * component.size),
                     Buffer(3, (1 + values.size) * 4),
                     Buffer(4, 4 * log_calls * 4)],
            groups=groups, keep=(2, 3, 4), repeats=3,
            meta={"type": name, "scope": scope, "invocations": invocations, "rows": rows, "cols": cols, "use": use,
                  "extra": extra, "groups": groups, "log_calls": log_calls},
            needs=_scope_needs(component, scope) + ["feature perElementOperations",
                                                    _needs_matrix(component, rows, cols, use, scope, invocations)]))
    return runs


# ---- tensor addressing at the edges ---------------------------------------------------------------
CLAMP = {"undefined": 0, "constant": 1, "edge": 2, "repeat": 3, "mirror": 4}
FULL = 0xFFFFFFFF
SRC_ELEMENTS = 4096                                  # src[GUARD + k] = k for k in [-GUARD, SRC_ELEMENTS - GUARD)
DST_SENTINEL = -2.0
CLAMP_VALUE = {"f32": 0xC0F00000, "f16": 0xABCD3F00}  # -7.5 as float32; fp16 1.75 in the low bits only
OBJECT_VALUE = -0.5                                  # what a clipped load leaves (the matrix before the load)


@dataclass(frozen=True)
class TensorCase:
    name: str
    clamp: str
    rank: int = 2
    dims: tuple[int, int] = (16, 16)
    offsets: tuple[int, int] = (0, 0)
    spans: tuple[int, int] = (16, 16)
    store: bool = False
    clip: tuple[int, int, int, int] | None = None   # row, row span, col, col span
    second_offsets: tuple[int, int] | None = None
    risky: bool = False
    component: str = "f32"
    use: int = 2


def tensor_cases() -> list[TensorCase]:
    cases = []
    for mode in ("constant", "edge", "repeat", "mirror"):
        cases += [TensorCase(f"hang_{mode}", mode, dims=(10, 10), offsets=(-3, -3)),
                  TensorCase(f"wrap_{mode}", mode, dims=(5, 3), offsets=(-7, -4)),
                  TensorCase(f"far_{mode}", mode, dims=(6, 7), offsets=(9, -20)),
                  TensorCase(f"rank1_{mode}", mode, rank=1, dims=(37, 1), offsets=(-5, 0), spans=(256, 1)),
                  TensorCase(f"store_{mode}", mode, dims=(10, 12), offsets=(-3, -2), store=True),
                  TensorCase(f"dim2_{mode}", mode, dims=(2, 3), offsets=(0, 0))]
    for mode in ("edge", "repeat"):
        cases += [TensorCase(f"dim1rows_{mode}", mode, dims=(1, 16)), TensorCase(f"dim1both_{mode}", mode, dims=(1, 1))]
    cases += [
        TensorCase("hang_constant_f16A", "constant", dims=(10, 10), offsets=(-3, -3), component="f16", use=0),
        TensorCase("inside_undefined", "undefined", dims=(40, 40), offsets=(5, 7)),
        TensorCase("slice_twice", "constant", dims=(40, 40), offsets=(2, 1), second_offsets=(3, 1)),
        TensorCase("clip_inside", "constant", dims=(16, 16), clip=(2, 5, 3, 4)),
        TensorCase("clip_default", "constant", dims=(16, 16), clip=(0, FULL, 0, FULL)),
        TensorCase("clip_span_exact", "constant", dims=(16, 16), clip=(2, 14, 3, 13)),
        TensorCase("clip_store", "constant", dims=(16, 16), clip=(2, 5, 3, 4), store=True),
        TensorCase("clip_wide_cols", "constant", dims=(16, 40), clip=(0, 16, 4, 30)),
    ]
    risky = [
        TensorCase("hang_undefined", "undefined", dims=(10, 10), offsets=(-3, -3)),
        TensorCase("store_undefined", "undefined", dims=(10, 12), offsets=(-3, -2), store=True),
        TensorCase("dim1rows_mirror", "mirror", dims=(1, 16)),
        TensorCase("dim1cols_mirror", "mirror", dims=(16, 1)),
        TensorCase("dim1both_mirror", "mirror", dims=(1, 1)),
        TensorCase("dim1rows_mirror_offset", "mirror", dims=(1, 16), offsets=(-3, 0)),
        TensorCase("clip_wrap", "constant", dims=(16, 16), clip=(2, FULL, 3, FULL)),
        TensorCase("clip_wrap_rows", "constant", dims=(16, 16), clip=(2, FULL, 0, FULL)),
        TensorCase("clip_wrap_cols", "constant", dims=(16, 16), clip=(0, FULL, 3, FULL)),
        TensorCase("clip_wrap_store", "constant", dims=(16, 16), clip=(2, FULL, 3, FULL), store=True),
    ]
    return cases + [TensorCase(**{**case.__dict__, "risky": True}) for case in risky]


def u32(value: int) -> int:
    return value & 0xFFFFFFFF


def tensor_runs(cases=None, prefix: str = "te") -> list[Run]:
    runs = []
    for case in cases or tensor_cases():
        component = COMPONENTS[case.component]
        extra = {"RANK": str(case.rank)}
        if case.store:
            extra["STORE"] = "1"
        if case.clip is not None:
            extra["VIEW"] = "1"
        if case.second_offsets is not None:
            extra["SLICE_TWICE"] = "1"
        flags = "".join(f"_{key.lower()}" for key in ("STORE", "VIEW", "SLICE_TWICE") if key in extra)
        module = _module(f"te_{case.component}_{USES[case.use]}_r{case.rank}{flags}", "tensor_edges.comp", component,
                         "sg", **extra)
        clip = case.clip or (0, FULL, 0, FULL)
        second = case.second_offsets or (0, 0)
        spec = {0: SUBGROUP, 1: CLAMP[case.clamp], 2: case.dims[0], 3: case.dims[1], 4: u32(case.offsets[0]),
                5: case.spans[0], 6: u32(case.offsets[1]), 7: case.spans[1], 8: CLAMP_VALUE[case.component],
                9: clip[0], 10: clip[1], 11: clip[2], 12: clip[3], 13: u32(second[0]), 14: u32(second[1]),
                15: GUARD, 16: case.use}
        source = np.arange(SRC_ELEMENTS, dtype=np.float64) - GUARD
        if case.component == "f16":
            source = np.clip(source, -2048, 2048)
        destination = np.full(SRC_ELEMENTS, DST_SENTINEL)
        runs.append(Run(
            name=f"{prefix}_{case.name}", kind="tensor", module=module, spec=spec,
            buffers=[Buffer(0, SRC_ELEMENTS * component.size, component.encode(source)),
                     Buffer(1, SRC_ELEMENTS * component.size, component.encode(destination)),
                     Buffer(2, 256 * component.size)],
            groups=1, keep=(1, 2), repeats=2, risky=case.risky,
            meta={**{k: v for k, v in case.__dict__.items()}, "clamp_value": CLAMP_VALUE[case.component],
                  "guard": GUARD, "src_elements": SRC_ELEMENTS, "dst_sentinel": DST_SENTINEL,
                  "object_value": OBJECT_VALUE},
            needs=["feature tensorAddressing", _needs_matrix(component, 16, 16, case.use, "sg", SUBGROUP)]))
    return runs


# ---- MulAdd arithmetic ----------------------------------------------------------------------------
MULADD_TYPES = [("f16", "f32", False), ("f16", "f16", False), ("bf16", "f32", False),
                ("s8", "s32", False), ("s8", "s32", True), ("u8", "u32", False), ("u8", "u32", True)]
MULADD_SHAPES_SG = [(16, 16, 16), (16, 8, 16), (16, 8, 8), (16, 16, 32), (16, 8, 32), (8, 8, 4), (16, 16, 8),
                    (8, 8, 16), (8, 8, 32)]
MULADD_SHAPES_WG = [(32, 32, 32), (64, 64, 64), (64, 64, 128), (32, 32, 64)]


def muladd_runs(types=MULADD_TYPES, shapes_sg=MULADD_SHAPES_SG, shapes_wg=MULADD_SHAPES_WG, prefix: str = "mma",
                listed_only: bool = True) -> list[Run]:
    """`listed_only` False: no `needs muladd` line, so the driver is given MulAdds it does not list."""
    from muladd_cases import muladd_cases

    runs = []
    shapes = [(shape, "sg", SUBGROUP) for shape in shapes_sg] + [(shape, "wg", 128) for shape in shapes_wg]
    for at, ct, saturating in types:
        a_type, c_type = COMPONENTS[at], COMPONENTS[ct]
        for (m, n, k), scope, invocations in shapes:
            seed = hash_seed("muladd", at, ct, saturating, m, n, k, scope)
            a, b, c, labels = muladd_cases(at, ct, m, n, k, np.random.default_rng(seed))
            extra = {"AT": a_type.glsl, "CT": c_type.glsl}
            if saturating:
                extra["SAT"] = "1"
            module = _module(f"mma_{at}_{ct}_{scope}{'_sat' if saturating else ''}", "muladd.comp", a_type, scope,
                             **extra)
            name = f"{prefix}_{at}_{ct}{'_sat' if saturating else ''}_{m}x{n}x{k}_{scope}{invocations}"
            listing = (f"muladd {m} {n} {k} {a_type.vulkan} {a_type.vulkan} {c_type.vulkan} {c_type.vulkan} "
                       f"{int(saturating)} {SCOPES[scope][1]} {invocations if scope == 'wg' else 0}")
            operands = [_needs_matrix(a_type, m, k, 0, scope, invocations),
                        _needs_matrix(c_type, m, n, 2, scope, invocations)]
            needs = _scope_needs(a_type, scope) + ([listing] if listed_only else operands)
            runs.append(Run(
                name=name, kind="muladd", module=module, spec={0: invocations, 1: m, 2: n, 3: k},
                buffers=[Buffer(0, a.size * a_type.size, a_type.encode(a)), Buffer(1, b.size * a_type.size, a_type.encode(b)),
                         Buffer(2, c.size * c_type.size, c_type.encode(c)), Buffer(3, c.size * c_type.size)],
                groups=len(a), keep=(3,), repeats=2,
                meta={"a_type": at, "c_type": ct, "saturating": saturating, "m": m, "n": n, "k": k, "scope": scope,
                      "invocations": invocations, "cases": len(a), "seed": seed, "labels": labels},
                needs=needs))
    return runs


def followup_runs() -> list[Run]:
    """The second device run: what the first one showed was worth a closer look.

    - ownership of workgroup-scope matrices of 256 invocations, which hold A and some B matrices
      more than twice (the first run's records were too small);
    - reductions of more sizes (subgroup-scope flexible sizes; workgroup scope with 32, 64, 128 and
      256 invocations), Row|Column with every leaf probed up to 1024 elements;
    - every tensor case again (the first run's module left -5, a value of src too, in clipped
      elements; now -0.5), a layout dimension of 1 in the rows under every mode, and Undefined mode
      hanging past the far edges only (the near-edge cases hung the device);
    - saturating integer MulAdd, which the driver does not list, given anyway;
    - per-element calls with one workgroup (no interleaving of workgroups in the tickets).
    """
    wg256 = [(name, use, rows, cols, "wg", 256) for name in ("f16", "s8") for use in (0, 1)
             for rows, cols in SHAPES_WG]
    inputs = [("sg", SUBGROUP, 16, 32), ("sg", SUBGROUP, 32, 16), ("sg", SUBGROUP, 32, 32), ("sg", SUBGROUP, 16, 64),
              ("sg", SUBGROUP, 64, 16), ("wg", 32, 32, 32), ("wg", 64, 32, 32), ("wg", 256, 32, 32), ("wg", 32, 64, 64),
              ("wg", 64, 64, 64), ("wg", 256, 64, 64), ("wg", 128, 32, 64), ("wg", 128, 64, 32)]
    runs = ownership_runs(wg256, prefix="own2", copies=4)
    runs += reduce_runs(inputs, types=("f32",), combines=("path", "calls", "first", "sum"), prefix="red2", full=1024,
                        all_shapes=False)
    extra_cases = [TensorCase(f"dim1cols_{mode}", mode, dims=(16, 1)) for mode in ("constant", "edge", "repeat")]
    extra_cases += [TensorCase("dim1cols_mirror", "mirror", dims=(16, 1), risky=True),
                    TensorCase("far_undefined", "undefined", dims=(10, 10), offsets=(3, 3), risky=True),
                    TensorCase("store_far_undefined", "undefined", dims=(10, 12), offsets=(3, 2), store=True, risky=True)]
    again = [case for case in tensor_cases() if case.name not in ("hang_undefined", "store_undefined")
             and case.name != "dim1cols_mirror"]
    runs += tensor_runs(again + extra_cases, prefix="te2")
    runs += muladd_runs([("s8", "s32", True), ("u8", "u32", True)], [(16, 16, 32), (16, 8, 32)], [(64, 64, 64)],
                        prefix="mma2", listed_only=False)
    runs += perelement_runs([("f32", "sg", SUBGROUP, 16, 16, 2, False), ("f32", "wg", 128, 64, 64, 2, False),
                             ("f16", "wg", 128, 64, 64, 0, False)], groups=1, prefix="pe2")
    return runs


def all_runs(batch: int = 1) -> list[Run]:
    runs = (ownership_runs(ownership_candidates()) + reduce_runs() + perelement_runs() + tensor_runs() + muladd_runs()
            if batch == 1 else followup_runs())
    for run in runs:
        run.meta["batch"] = batch
    names = [run.name for run in runs]
    if len(set(names)) != len(names):
        raise SystemExit("duplicate run names")
    return runs
