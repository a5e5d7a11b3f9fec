"""`dxlinalg features`: the tier and property tables, exactly as CheckFeatureSupport reports them: the SM 6.9
cooperative-vector answers (features 7, 9) and, beside them, the SM 6.10 linear-algebra ones (77, 78;
`linalg_features`)."""

from __future__ import annotations

import json

from d3d12api import (
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE,
    D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL,
    D3D12_COOPERATIVE_VECTOR_TIER,
    D3D12_FEATURE_COOPERATIVE_VECTOR,
    D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL,
    D3D12_FEATURE_DATA_COOPERATIVE_VECTOR,
    D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL,
    D3D12CreateDevice,
    ID3D12Device,
    ThrowIfFailed,
    sizeof,
)
from dxlinalg.commands.linalg_features import COLUMNS, THREADGROUP_SHAPE, linalg_device, printable, query_linalg_features
from dxlinalg.numerics.component_types import d3d12_type_name


def query_features(device: ID3D12Device) -> dict[str, object]:
    """Tier and the three property lists, through the two-call protocol."""
    tier = D3D12_FEATURE_DATA_D3D12_OPTIONS_EXPERIMENTAL()
    ThrowIfFailed(device.CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS_EXPERIMENTAL, tier, sizeof(tier)))
    data = D3D12_FEATURE_DATA_COOPERATIVE_VECTOR()
    ThrowIfFailed(device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data, sizeof(data)))
    data.pMatrixVectorMulAddProperties = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_MUL()
                                          for _ in range(data.MatrixVectorMulAddPropCount)]
    data.pOuterProductAccumulateProperties = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE()
                                              for _ in range(data.OuterProductAccumulatePropCount)]
    data.pVectorAccumulateProperties = [D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE()
                                        for _ in range(data.VectorAccumulatePropCount)]
    ThrowIfFailed(device.CheckFeatureSupport(D3D12_FEATURE_COOPERATIVE_VECTOR, data, sizeof(data)))
    name = d3d12_type_name
    mul = [{"InputType": name(p.InputType), "InputInterpretation": name(p.InputInterpretation),
            "MatrixInterpretation": name(p.MatrixInterpretation), "BiasInterpretation": name(p.BiasInterpretation),
            "OutputType": name(p.OutputType), "TransposeSupported": bool(p.TransposeSupported)}
           for p in data.pMatrixVectorMulAddProperties]

    def accumulate(props: list[D3D12_COOPERATIVE_VECTOR_PROPERTIES_ACCUMULATE]) -> list[dict[str, str]]:
        return [{"InputType": name(p.InputType), "AccumulationType": name(p.AccumulationType)} for p in props]

    return {"CooperativeVectorTier": D3D12_COOPERATIVE_VECTOR_TIER(tier.CooperativeVectorTier).name,
            "MatrixVectorMulAddProperties": mul,
            "OuterProductAccumulateProperties": accumulate(data.pOuterProductAccumulateProperties),
            "VectorAccumulateProperties": accumulate(data.pVectorAccumulateProperties)}


def _table(rows: list[dict[str, object]], columns: list[str]) -> list[str]:
    if not rows:
        return ["  (none)"]
    widths = [max(len(c), *(len(str(r[c])) for r in rows)) for c in columns]
    lines = [[c.ljust(w) for c, w in zip(columns, widths)]]
    lines += [[str(r[c]).ljust(w) for c, w in zip(columns, widths)] for r in rows]
    return [("  " + "  ".join(cells)).rstrip() for cells in lines]


def run_features(profile: str, as_json: bool) -> int:
    device = D3D12CreateDevice(profile=profile)
    features = query_features(device)
    linalg = query_linalg_features(linalg_device(profile))
    if as_json:
        print(json.dumps({"profile": device.profile.name, **features, "LinearAlgebra": linalg}, indent=2))
        return 0
    print(f"profile {device.profile.name}: CooperativeVectorTier = {features['CooperativeVectorTier']}")
    mul = features["MatrixVectorMulAddProperties"]
    print(f"MatrixVectorMulAddProperties ({len(mul)}):")  # type: ignore[arg-type]
    print("\n".join(_table(mul, ["InputType", "InputInterpretation", "MatrixInterpretation",  # type: ignore[arg-type]
                                 "BiasInterpretation", "OutputType", "TransposeSupported"])))
    for key in ("OuterProductAccumulateProperties", "VectorAccumulateProperties"):
        rows = features[key]
        print(f"{key} ({len(rows)}):")  # type: ignore[arg-type]
        print("\n".join(_table(rows, ["InputType", "AccumulationType"])))  # type: ignore[arg-type]
    print(f"SM 6.10 (a device created for D3D_SHADER_MODEL_6_10): LinearAlgebraTier = {linalg['LinearAlgebraTier']}")
    for key, columns in COLUMNS.items():
        rows = [printable(row) for row in linalg[key]]  # type: ignore[attr-defined]
        at = f" at {'x'.join(map(str, THREADGROUP_SHAPE))}" if key == "ThreadGroupMatrixMultiply" else ""
        print(f"{key}{at} ({len(rows)}):")
        print("\n".join(_table(rows, columns)))
    return 0
