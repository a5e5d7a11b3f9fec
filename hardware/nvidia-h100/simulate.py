#!/usr/bin/env python3
"""Self-check of probe.py's analysis without a GPU: write a fake run directory (maps.bin,
results.bin) in which every target ends as MODEL predicts (in dispatch order), then run
`probe.py analyse` on it and check that MODEL is consistent everywhere.

  simulate.py MODEL FAKE_RUN_DIR   (e.g. simulate.py f32seq /tmp/fake)"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import probe  # noqa: E402
from models import F32, make_models, bits_of  # noqa: E402


def main():
    model, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    # maps: FP16 from the identity of a fabricated permutation, FP32 identity
    perm16 = [(k * 37) % 256 for k in range(256)]
    with open(os.path.join(out, "maps.bin"), "wb") as f:
        f.write(struct.pack("<Q", 512) + struct.pack("<256H", *[0x400 + perm16[k] for k in range(256)]))
        f.write(struct.pack("<Q", 1024) + struct.pack("<256f", *[float(k + 1) for k in range(256)]))
    maps = probe.read_maps(os.path.join(out, "maps.bin"))
    jobs = probe.build_jobs()
    with open(os.path.join(out, "results.bin"), "wb") as f:
        for job in jobs:
            fn = make_models(job.fmt)[model][0]
            img = bytearray(len(job.targets) * job.stride)
            for t, tgt in enumerate(job.targets):
                for e in range(tgt.nel):
                    m0 = probe.val_of_bits(tgt.init[e], job.fmt)
                    b = bits_of(fn(m0, probe.groups_for(job, t, e)), job.fmt)
                    if job.isVA:
                        k = e
                    else:
                        slotmap = maps[1] if job.fmt is F32 else maps[0]
                        k = slotmap.index(e)
                    struct.pack_into("<I" if job.fmt is F32 else "<H", img, t * job.stride + k * job.es, b)
            for r in range(job.repeats):
                f.write(struct.pack("<i", 0) + img)
    probe.analyse(out, os.path.join(out, "data"))
    print(open(os.path.join(out, "data", "summary.tsv")).read().splitlines()[-1])


if __name__ == "__main__":
    main()
