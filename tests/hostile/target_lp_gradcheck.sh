# target_lp_gradcheck: the gradient of a model reading target() in the
# model block and in _lp functions (nested, several places in a
# statement, the constraints' log-Jacobians weighted by the adjoint of
# target) against finite differences, at 8 points (tests/run/gradcheck.sh).
# The model lives in tests/run/target/, not tests/run/models/: the
# validator compares each pass's prior and likelihood contexts with
# --O0's, and those are not defined for a model whose terms read the
# density itself (inlining an _lp function reading target() classifies
# its statements one by one; left for the contexts' owner).
rel=$(realpath --relative-to="$ROOT" "$BUILD")
run_expect 0 "gradcheck: 1 passed, 0 failed" sh "$ROOT/tests/run/gradcheck.sh" \
    "$rel" "$ROOT/tests/run/target/target_read_lp.stan"
