"""The linear-algebra core that every surface (DXIL, HLSL, SPIR-V, ...) lowers to.

What a cooperative-vector operation *means* once its surface has checked its own operand order
and rules: input interpretation is in `dxlinalg.numerics`; here are the matrix-vector product
(`matvec`), atomic accumulation of outer products and vectors (`accumulate`, `atomics`) and the
measured NVIDIA tensor-core sums (`tensor_core_sums` for the accumulates, `matvec_chunks` for the
matrix-vector product). The machinery that makes them fast without
changing a bit (the matrix cache, exact wave sums behind error-bound filters, the in-order atomic
chain, atomics held back per chunk) lives apart, in `fast`, behind functions whose results the
plain definitions fix.
"""
