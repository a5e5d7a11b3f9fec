// Transform script for iree-opt --transform-interpreter: as lower_async_mma.transform.mlir, after double-buffering
// the workgroup tiles (transform.memref.multibuffer, factor 2), then software-pipelines the k loop with depth 2
// (transform.iree.pipeline_shared_memory_copies): a prologue issues the first copies, the loop waits with
// nvgpu.device_async_wait numGroups = 1 and the last iteration's copies are predicated (srcElements = 0).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %allocs = transform.structured.match ops{["memref.alloc"]} in %f : (!transform.any_op) -> !transform.op<"memref.alloc">
    %buffers = transform.memref.multibuffer %allocs <{factor = 2 : i64, skip_analysis}> : (!transform.op<"memref.alloc">) -> !transform.any_op
    transform.iree.create_async_groups %f <{use_mma_sync}> : (!transform.any_op) -> ()
    transform.iree.vector.vector_to_mma_conversion %f <{use_mma_sync}> : (!transform.any_op) -> ()
    %for = transform.structured.match ops{["scf.for"]} in %f : (!transform.any_op) -> !transform.any_op
    %pipelined = transform.iree.pipeline_shared_memory_copies %for <{depth = 2}> : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
