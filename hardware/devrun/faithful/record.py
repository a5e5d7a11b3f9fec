"""Write tests/data/nvidia_h100_faithful/ from a run's faithful.npz.xz: the H200's results the CI replay needs
(tests/hardware_replay/test_nvidia_h100_faithful.py), the probe modules, and the transcendental summary.

    PYTHONPATH=hardware/devrun/faithful python hardware/devrun/faithful/record.py /work/devres/faithful/faithful.npz.xz
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import gen
import numpy as np
import reduce

HERE = Path(__file__).resolve().parent
OUT = HERE.parents[2] / "tests" / "data" / "nvidia_h100_faithful"
MODULES = ("intdiv32", "intdiv16", "intdiv64", "intdiv_cv", "race", "shuffle", "bf16conv", "tensor_block_store",
           "opa_to_4x8", "opa_to_8x8", "opa_to_16x16", "opa_to_16x32", "opa_to_32x16", "transc16", "transc32",
           "bf16_muladd")
FLOAT32_SAMPLE = 4096          # float32 transcendental results kept per function (every 256th input)
MULADD_CASES = 64              # of the 512 bfloat16 MulAdd cases (16 of each kind)


def ulp_distance(gpu: np.ndarray, ref: np.ndarray, width: int) -> np.ndarray:
    magnitude = (1 << (width - 1)) - 1
    def ordered(bits):
        b = bits.astype(np.int64)
        return np.where(b >> (width - 1) & 1, -(b & magnitude), b & magnitude)
    return np.abs(ordered(gpu) - ordered(ref))


def main(source: Path) -> None:
    data = reduce.load(source)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "modules").mkdir(exist_ok=True)
    for name in MODULES:
        shutil.copy(HERE / "spv" / f"{name}.spv", OUT / "modules" / f"{name}.spv")
    keep: dict[str, np.ndarray] = {}
    for bits in (32, 16, 64):
        a, b = gen.intdiv_inputs(bits)
        keep[f"intdiv{bits}_a"], keep[f"intdiv{bits}_b"], keep[f"intdiv{bits}"] = a, b, data[f"intdiv{bits}"]
    keep["intdiv_cv"] = data["intdiv_cv"]
    keep["shuffle"] = data["shuffle"]
    keep["shuffle_amounts"] = np.array(gen.SHUFFLE_AMOUNTS, np.uint32)
    keep["race_targets"] = gen.race_targets()
    for mode in range(3):
        for rep in range(3):
            keep[f"race{mode}_r{rep}"] = data[f"race{mode}_r{rep}"]
    for key in data:
        if key.startswith(("block_", "opa_to_")):
            keep[key] = data[key]
    x32, y32 = gen.transc32_inputs()
    x16, y16 = gen.transc16_inputs()
    keep["bf16_tables"] = data["bf16_tables"]
    a, b, c = gen.bf16_muladd_inputs()
    cases = MULADD_CASES * 256
    keep["mm_a"], keep["mm_b"], keep["mm_c"] = a[:cases], b[:cases], c[:cases]
    keep["bf16_muladd"] = data["bf16_muladd"][:cases]
    sample = np.arange(0, gen.N32, gen.N32 // FLOAT32_SAMPLE)
    keep["f32_sample_x"], keep["f32_sample_y"] = x32[sample], y32[sample]
    keep["bf16_from_f32_sample"] = reduce.decode_delta(data, "bf16_from_f32", x32 >> np.uint32(16))[sample]
    summary = {}
    for name, arity in gen.FUNCTIONS:
        n16 = gen.N16_BINARY if arity == 2 else gen.N16_UNARY
        for width, x, y, n, dtype in ((32, x32, y32, gen.N32, np.float32), (16, x16, y16, n16, np.float16)):
            ref = reduce.reference(name, x[:n], y[:n], dtype)
            gpu = reduce.decode_delta(data, f"t{width}_{name}", ref)
            itype = np.uint32 if width == 32 else np.uint16
            g, r = gpu.astype(itype).view(dtype), ref.astype(itype).view(dtype)
            normal = np.isfinite(g) & np.isfinite(r) & (np.abs(r) >= np.finfo(dtype).tiny) & \
                (np.abs(g) >= np.finfo(dtype).tiny)
            ulps = ulp_distance(gpu, ref, width)
            if width == 32:
                keep[f"t32_{name}"] = gpu[sample].astype(np.uint32)
                uniform = np.zeros(n, bool)
                uniform[65536 + (n - 65536) // 2:] = True     # the uniform part of the sample: |x| < 32
                region = normal & uniform
            else:
                kept = min(n, 1 << 17)
                keep[f"t16_{name}"] = gpu[:kept].astype(np.uint16)
                region = normal
            summary[f"float{width} {name}"] = {
                "inputs": int(n), "differ_from_correctly_rounded": int((gpu != ref).sum()),
                "max_ulp_normal": int(ulps[region].max()) if region.any() else 0,
                "normal_results_over_1_ulp": int((ulps[region] > 1).sum()),
                "nan_mismatch": int((np.isnan(g) != np.isnan(r)).sum())}
    roundtrip = reduce.decode_delta(data, "roundtrip_f16", x32.view(np.float32).astype(np.float16).astype(np.float32)
                                    .view(np.uint32))
    summary["float -> float16 -> float kept the input unchanged"] = int((roundtrip == x32).sum())
    summary["float -> float16 -> float inputs"] = int(x32.size)
    np.savez_compressed(OUT / "results.npz", **keep)
    (OUT / "transcendentals.json").write_text(json.dumps(summary, indent=1) + "\n")
    for log in sorted(source.parent.glob("vkrun_*_1.txt"))[:1]:
        lines = [line for line in log.read_text().splitlines() if not line.startswith(("run ", "extensions"))]
        (OUT / "device.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
