"""linko's tests, one package a layer, so that a layer's tests can share another's helpers."""
