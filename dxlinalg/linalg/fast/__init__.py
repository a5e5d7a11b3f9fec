"""Speed without changing bits: each module computes exactly what a plain definition in
`dxlinalg.linalg` states (the tests hold them to it), only faster."""
