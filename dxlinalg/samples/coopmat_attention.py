"""Flash-attention-style softmax(Q K^T / sqrt(d)) V with cooperative matrices (GL_NV_cooperative_matrix2).

One subgroup per block of BLOCK query rows, one pass over the keys in blocks of BLOCK, never holding
the whole score matrix (the online softmax of FlashAttention):

    S = Q_blk K_blk^T            coopMatMulAdd; K^T loaded through a transposing tensor view
    S = S * scale, -inf past N   coopMatPerElementNV (row, column and the block's first key)
    m_new = max(m, rowmax(S))    coopMatReduceNV(Row, max), then an elementwise max
    P = exp(S - m_new)           coopMatPerElementNV with m_new as an extra matrix operand
    l = l exp(m - m_new) + rowsum(P)       coopMatReduceNV(Row, add)
    O = O exp(m - m_new) + P V_blk         P converted to a float16 MatrixA (Accumulator -> A)

and O / l at the end. Q, K and V are N x 16 float16, row-major; any N: the tensor layouts clamp the
last blocks (Constant 0) and the keys past N are masked to -inf. Host code as in a D3D12 sample;
the check is against numpy's float64 attention: every output within 2^-10 of the largest |V|
(P is rounded to float16 before P V, and exp is float32's). `python -m dxlinalg.samples.coopmat_attention [--n N]`
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from dxlinalg.gpu.shader import ComputeShader, shader_factory
from dxlinalg.glsl import (
    ByteAddressBuffer,
    RootConstants,
    RWByteAddressBuffer,
    SV_GroupID,
    compute_shader,
    coopmat,
    coopMatLoadTensorNV,
    coopMatMulAdd,
    coopMatPerElementNV,
    coopMatReduceNV,
    coopMatStoreTensorNV,
    createTensorLayoutNV,
    createTensorViewNV,
    float16_t,
    float32_t,
    gl_CooperativeMatrixClampModeConstantNV,
    gl_CooperativeMatrixReduceRowNV,
    gl_MatrixUseA,
    gl_MatrixUseAccumulator,
    gl_MatrixUseB,
    gl_ScopeSubgroup,
    setTensorLayoutDimensionNV,
    sliceTensorLayoutNV,
)
from dxlinalg.samples.host_helpers import (
    GpuContext,
    create_compute_pipeline,
    create_root_signature,
)
from dxlinalg.samples.sample_args import int_in, profile

HEAD = 16           # d: the head dimension
BLOCK = 16          # query rows per subgroup and keys per step
MAX_N = 4096
TOLERANCE = 2.0 ** -10


@shader_factory
def attention_shader(wave_size: int) -> ComputeShader:
    """The attention compute shader: one wave of `wave_size` threads per group and query block."""
    QType = coopmat[float16_t, gl_ScopeSubgroup, BLOCK, HEAD, gl_MatrixUseA]
    KtType = coopmat[float16_t, gl_ScopeSubgroup, HEAD, BLOCK, gl_MatrixUseB]
    VType = coopmat[float16_t, gl_ScopeSubgroup, BLOCK, HEAD, gl_MatrixUseB]
    PType = coopmat[float16_t, gl_ScopeSubgroup, BLOCK, BLOCK, gl_MatrixUseA]
    Acc = coopmat[float32_t, gl_ScopeSubgroup, BLOCK, HEAD, gl_MatrixUseAccumulator]   # S, m, l, O alike
    constant = gl_CooperativeMatrixClampModeConstantNV
    scale = np.float32(1 / np.sqrt(HEAD))

    def scaled_and_masked(row, col, s, first_key, n):
        return np.where(col + first_key < n, s * scale, np.float32(-np.inf))

    def shifted_exp(row, col, s, m):
        return np.exp(s - m)

    def larger(row, col, a, b):
        return np.maximum(a, b)

    @compute_shader(numthreads=(wave_size, 1, 1))
    def coopmat_attention(q=ByteAddressBuffer("t0"), k=ByteAddressBuffer("t1"), v=ByteAddressBuffer("t2"),
                          o=RWByteAddressBuffer("u0"), sizes=RootConstants("b0", 1)):
        n = int(sizes[0])
        first_row = SV_GroupID()[:, 0] * BLOCK
        rows = setTensorLayoutDimensionNV(createTensorLayoutNV(2, constant), n, HEAD)
        transposed = createTensorViewNV(2, False, 1, 0)                 # K^T: view dimensions swapped
        query = QType()
        coopMatLoadTensorNV(query, q, 0, sliceTensorLayoutNV(rows, first_row, BLOCK, 0, HEAD))
        m, l, out = Acc(-np.inf), Acc(0.0), Acc(0.0)
        for first_key in range(0, n, BLOCK):                            # uniform: a plain Python loop
            keys_t, values = KtType(), VType()
            coopMatLoadTensorNV(keys_t, k, 0, sliceTensorLayoutNV(rows, first_key, BLOCK, 0, HEAD), transposed)
            coopMatLoadTensorNV(values, v, 0, sliceTensorLayoutNV(rows, first_key, BLOCK, 0, HEAD))
            s = coopMatMulAdd(query, keys_t, Acc(0.0))
            coopMatPerElementNV(s, s, scaled_and_masked, first_key, n)
            block_max, m_new, p, block_sum, correction = Acc(), Acc(), Acc(), Acc(), Acc()
            coopMatReduceNV(block_max, s, gl_CooperativeMatrixReduceRowNV, np.maximum)
            coopMatPerElementNV(m_new, m, larger, block_max)
            coopMatPerElementNV(p, s, shifted_exp, m_new)
            coopMatPerElementNV(correction, m, shifted_exp, m_new)
            coopMatReduceNV(block_sum, p, gl_CooperativeMatrixReduceRowNV, np.add)
            l = l * correction + block_sum
            out = coopMatMulAdd(PType(p), values, out * correction)
            m = m_new
        out = out / l
        coopMatStoreTensorNV(out, o, 0, sliceTensorLayoutNV(rows, first_row, BLOCK, 0, HEAD))

    return coopmat_attention


def run_attention(gpu: GpuContext, q: np.ndarray, k: np.ndarray, v: np.ndarray) -> np.ndarray:
    """softmax(Q K^T / sqrt(d)) V on the GPU for float16 (N, 16) Q, K, V; float32 (N, 16)."""
    n = q.shape[0]
    shader = attention_shader(gpu.device.profile.wave_size)
    buffers = [gpu.upload_buffer(x, name=name) for x, name in ((q, "Q"), (k, "K"), (v, "V"))]
    output = gpu.create_buffer(n * HEAD * 4, uav=True, name="O")
    signature = create_root_signature(gpu.device, "t0", "t1", "t2", "u0", "b0:1")
    commands = gpu.list
    commands.SetPipelineState(create_compute_pipeline(gpu.device, signature, shader))
    commands.SetComputeRootSignature(signature)
    for slot, buffer in enumerate(buffers):
        commands.SetComputeRootShaderResourceView(slot, buffer.GetGPUVirtualAddress())
    commands.SetComputeRootUnorderedAccessView(3, output.GetGPUVirtualAddress())
    commands.SetComputeRoot32BitConstants(4, 1, [n], 0)
    commands.Dispatch(-(-n // BLOCK), 1, 1)
    gpu.execute_and_wait()
    return gpu.read_back(output, n * HEAD * 4).view(np.float32).reshape(n, HEAD)


def reference_attention(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> np.ndarray:
    """numpy float64 softmax(Q K^T / sqrt(d)) V."""
    scores = q.astype(np.float64) @ k.astype(np.float64).T / np.sqrt(HEAD)
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (weights / weights.sum(axis=1, keepdims=True)) @ v.astype(np.float64)


def sample_inputs(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return tuple(rng.standard_normal((n, HEAD)).astype(np.float16) for _ in range(3))  # type: ignore[return-value]


def errors(q: np.ndarray, k: np.ndarray, v: np.ndarray, out: np.ndarray) -> int:
    """How many outputs are further than TOLERANCE x max|V| from numpy's attention."""
    bound = TOLERANCE * float(np.abs(v.astype(np.float64)).max())
    return int(np.count_nonzero(np.abs(out - reference_attention(q, k, v)) > bound))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", type=profile, default="reference")
    parser.add_argument("--n", type=int_in(1, MAX_N), default=100, help="sequence length (ragged welcome)")
    args = parser.parse_args(argv)
    q, k, v = sample_inputs(args.n)
    out = run_attention(GpuContext(args.profile), q, k, v)
    wrong = errors(q, k, v, out)
    print(f"attention over {args.n} tokens (d = {HEAD}) on {args.profile}: {wrong} of {out.size} outputs further "
          f"than 2^-10 max|V| from numpy's float64 attention")
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
