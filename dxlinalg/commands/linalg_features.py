"""The SM 6.10 half of `dxlinalg features`: features 77 and 78 as an application reads them.

A device created for SM 6.10 answers `D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT` (77, the tier) and the per-operation
query (78). The query takes its inputs (types; a shape for thread-group multiplies) and answers one combination,
so the lists here are every type combination asked and the supported ones kept, in `D3D12_LINEAR_ALGEBRA_DATATYPE`
order, with the SDK's field names. Only public calls (`dxlinalg.conformance.sm610.Queries`).
"""

from __future__ import annotations

import itertools

from d3d12api import D3D_FEATURE_LEVEL_12_0, D3D12CreateDevice, ThrowIfFailed, sizeof
from d3d12api import sm610 as sdk610
from dxlinalg.conformance.sm610 import DT, FLAG, OP, TYPES, Queries

#: The thread-group multiply query needs a shape: the lists show the answer at this M x K x N (a common tile,
#: a multiple of every built-in profile's shape granularity).
THREADGROUP_SHAPE = (64, 64, 64)


def _flags(value: int) -> list[str]:
    return [flag.name for flag in FLAG if flag and value & flag]


def query_linalg_features(device: object) -> dict[str, object]:
    """Feature 77's tier and feature 78's supported combinations of every category."""
    tier = sdk610.D3D12_FEATURE_DATA_LINEAR_ALGEBRA_SUPPORT()
    ThrowIfFailed(device.CheckFeatureSupport(sdk610.D3D12_FEATURE_LINEAR_ALGEBRA_SUPPORT, tier, sizeof(tier)))
    queries = Queries(device)
    construction = []
    store = []
    for t in TYPES:
        hr, built = queries.ask(OP.MATRIX_CONSTRUCTION, "MatrixConstruction",
                                sdk610.D3D12_LINEAR_ALGEBRA_MATRIX_CONSTRUCTION_SUPPORT(t, 0))
        ThrowIfFailed(hr)
        if built.MinM or built.MinK or built.MinN:
            construction.append({"ComponentType": t.name, "MinM": built.MinM, "MinK": built.MinK, "MinN": built.MinN})
        hr, answer = queries.ask(OP.ATOMIC_ACCUMULATE_STORE, "AccumulateStore",
                                 sdk610.D3D12_LINEAR_ALGEBRA_ATOMIC_ACCUMULATE_STORE_SUPPORT(t))
        ThrowIfFailed(hr)
        if answer.RWByteAddressBufferSupported or answer.GroupSharedSupported:
            store.append({"ComponentType": t.name,
                          "RWByteAddressBufferSupported": bool(answer.RWByteAddressBufferSupported),
                          "GroupSharedSupported": bool(answer.GroupSharedSupported)})
    wave, group, vector = [], [], []
    for a, b, c in itertools.product(TYPES, repeat=3):
        hr, flags, shapes, _ = queries.wave(a, b, c)
        ThrowIfFailed(hr)
        types = {"MatrixAComponentType": a.name, "MatrixBComponentType": b.name, "AccumulatorComponentType": c.name}
        if flags & FLAG.SUPPORTED:
            wave.append({**types, "SupportFlags": _flags(flags), "Shapes": [list(s) for s in shapes]})
        member = sdk610.D3D12_LINEAR_ALGEBRA_THREADGROUP_MATRIX_MULTIPLY_SUPPORT(
            WaveInputs=sdk610.D3D12_LINEAR_ALGEBRA_WAVE_MATRIX_MULTIPLY_INPUTS(0, a, b, c),
            Shape=sdk610.D3D12_LINEAR_ALGEBRA_MATRIX_MULTIPLY_SHAPE(*THREADGROUP_SHAPE))
        hr, answer = queries.ask(OP.THREADGROUP_MATRIX_MULTIPLY, "ThreadGroupMatrixMultiply", member)
        ThrowIfFailed(hr)
        if answer.SupportFlags & FLAG.SUPPORTED:
            group.append({**types, "Shape": list(THREADGROUP_SHAPE), "SupportFlags": _flags(answer.SupportFlags),
                          "MinThreadGroupSize": answer.MinThreadGroupSize,
                          "MaxThreadGroupSize": answer.MaxThreadGroupSize,
                          "PreferredThreadGroupSize": answer.PreferredThreadGroupSize})
    for v, m, r in itertools.product(TYPES, repeat=3):
        answers = {bias: queries.vector(v, m, bias, r) for bias in (DT.NONE, r)}
        if any(flags & FLAG.SUPPORTED for _, flags in answers.values()):
            # the other bias types are asked only where these two are not both refused (RT's Tier 1 pairs them)
            answers |= {bias: queries.vector(v, m, bias, r) for bias in TYPES if bias != r}
        for bias in (DT.NONE, *TYPES):
            hr, flags = answers.get(bias, (0, 0))
            ThrowIfFailed(hr)
            if flags & FLAG.SUPPORTED:
                vector.append({"VectorInputType": v.name, "MatrixInputType": m.name, "BiasInputType": bias.name,
                               "VectorResultType": r.name, "SupportFlags": _flags(flags)})
    outer = []
    for t, r in itertools.product(TYPES, repeat=2):
        hr, answer = queries.ask(OP.THREAD_OUTER_PRODUCT, "ThreadOuterProductSupport",
                                 sdk610.D3D12_LINEAR_ALGEBRA_THREAD_OUTER_PRODUCT_SUPPORT(t, r))
        ThrowIfFailed(hr)
        if answer.Supported:
            outer.append({"InputComponentType": t.name, "ResultComponentType": r.name})
    return {"LinearAlgebraTier": sdk610.D3D12_LINEAR_ALGEBRA_TIER(tier.LinearAlgebraTier).name,
            "MatrixConstruction": construction, "WaveMatrixMultiply": wave, "ThreadGroupMatrixMultiply": group,
            "ThreadVectorMatrixMultiply": vector, "ThreadOuterProduct": outer, "AccumulateStore": store}


#: The columns each list prints, in the SDK's field order.
COLUMNS = {
    "MatrixConstruction": ["ComponentType", "MinM", "MinK", "MinN"],
    "WaveMatrixMultiply": ["MatrixAComponentType", "MatrixBComponentType", "AccumulatorComponentType", "SupportFlags",
                           "Shapes"],
    "ThreadGroupMatrixMultiply": ["MatrixAComponentType", "MatrixBComponentType", "AccumulatorComponentType",
                                  "SupportFlags", "MinThreadGroupSize", "MaxThreadGroupSize",
                                  "PreferredThreadGroupSize"],
    "ThreadVectorMatrixMultiply": ["VectorInputType", "MatrixInputType", "BiasInputType", "VectorResultType",
                                   "SupportFlags"],
    "ThreadOuterProduct": ["InputComponentType", "ResultComponentType"],
    "AccumulateStore": ["ComponentType", "RWByteAddressBufferSupported", "GroupSharedSupported"],
}


def printable(row: dict[str, object]) -> dict[str, object]:
    """A row with its lists spelled as the tables show them (flags joined by |, shapes MxKxN)."""
    out = dict(row)
    if "SupportFlags" in out:
        out["SupportFlags"] = "|".join(out["SupportFlags"]) or "NONE"  # type: ignore[arg-type]
    if "Shapes" in out:
        out["Shapes"] = ", ".join("x".join(map(str, s)) for s in out["Shapes"])  # type: ignore[attr-defined]
    return out


def linalg_device(profile: str) -> object:
    """The same profile's device, created for SM 6.10 (the runtime that answers 77 and 78)."""
    return D3D12CreateDevice(None, D3D_FEATURE_LEVEL_12_0, profile=profile,
                             shader_model=sdk610.D3D_SHADER_MODEL_6_10)


__all__ = ["COLUMNS", "THREADGROUP_SHAPE", "linalg_device", "printable", "query_linalg_features"]
