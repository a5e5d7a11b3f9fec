"""Readers for the probe's files: jobs.bin(.gz), results.bin(.gz), manifest.json.

A job's inputs are (warps, 32, words in) uint32, its outputs (warps, 32, words out) uint32.
"""
from __future__ import annotations

import gzip
import json
import os

import numpy as np

JOBS_MAGIC = 0x4A47564E      # "NVGJ"
RESULTS_MAGIC = 0x5247564E   # "NVGR"


def _words(path: str) -> np.ndarray:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        return np.frombuffer(f.read(), dtype="<u4")


def read_jobs(path: str) -> list[np.ndarray]:
    w = _words(path)
    if w.size < 3 or w[0] != JOBS_MAGIC or w[1] != 1:
        raise ValueError(f"{path}: not a version-1 job file")
    out, pos = [], 3
    for _ in range(int(w[2])):
        _op, warps, nin, _nout = (int(x) for x in w[pos:pos + 4])
        pos += 4
        out.append(w[pos:pos + warps * 32 * nin].reshape(warps, 32, nin))
        pos += warps * 32 * nin
    if pos != w.size:
        raise ValueError(f"{path}: trailing words")
    return out


def read_results(path: str) -> list[np.ndarray]:
    w = _words(path)
    if w.size < 3 or w[0] != RESULTS_MAGIC or w[1] != 1:
        raise ValueError(f"{path}: not a version-1 results file")
    out, pos = [], 3
    for _ in range(int(w[2])):
        _op, warps, nout = (int(x) for x in w[pos:pos + 3])
        pos += 3
        out.append(w[pos:pos + warps * 32 * nout].reshape(warps, 32, nout))
        pos += warps * 32 * nout
    if pos != w.size:
        raise ValueError(f"{path}: trailing words")
    return out


def load(data_dir: str, results: str | None = None):
    """(manifest jobs, inputs per job, outputs per job) of the recorded run in `data_dir`"""
    with open(os.path.join(data_dir, "manifest.json")) as f:
        manifest = json.load(f)
    ins = read_jobs(os.path.join(data_dir, "jobs.bin.gz"))
    outs = read_results(results or os.path.join(data_dir, "results.bin.gz"))
    jobs = manifest["jobs"]
    if not (len(jobs) == len(ins) == len(outs)):
        raise ValueError("manifest, jobs and results disagree on the job count")
    for m, i, o in zip(jobs, ins, outs):
        if i.shape != (m["warps"], 32, m["nin"]) or o.shape != (m["warps"], 32, m["nout"]):
            raise ValueError("job %d: shapes disagree with the manifest" % m["job"])
    return jobs, ins, outs
