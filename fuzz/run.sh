#!/usr/bin/env bash
# Runs the fuzz targets for a bounded time each (a manual check, not part of CI).
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 240 s; sfen usi_move usi_loop kif csa)
#   RUNS=1000000 fuzz/run.sh 0 kif                    (stop after that many inputs; 0 s: no time bound)
# Needs cargo-fuzz (`cargo install cargo-fuzz`). The toolchain is stable; RUSTC_BOOTSTRAP=1
# lets it take the nightly-only flags cargo fuzz passes. SANITIZER=address turns AddressSanitizer
# on (default none: the code has no `unsafe`, and without ASan it runs several times faster).
# New inputs go to fuzz/corpus/<target>/ (not committed), crashes to fuzz/artifacts/<target>/,
# the full libFuzzer output to fuzz/logs/<target>.log (the final #N DONE and stat:: lines are
# printed). Exits non-zero if a target crashed.
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:-240}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(sfen usi_move usi_loop kif csa)
sanitizer=${SANITIZER:-none}
runs=()
[ -n "${RUNS:-}" ] && runs=(-runs="$RUNS")
command -v cargo-fuzz >/dev/null || { echo "cargo-fuzz is required: cargo install cargo-fuzz"; exit 2; }
export RUSTC_BOOTSTRAP=1
failed=0
for t in "${targets[@]}"; do
  case $t in
    sfen) max_len=256 ;;
    usi_move) max_len=512 ;;
    kif | csa) max_len=8192 ;;
    *) max_len=4096 ;;
  esac
  mkdir -p "fuzz/corpus/$t" fuzz/logs
  echo "== $t: ${secs}s${RUNS:+, $RUNS runs}"
  cargo fuzz run -s "$sanitizer" "$t" "fuzz/corpus/$t" "fuzz/corpus-seed/$t" -- \
    -max_total_time="$secs" ${runs[@]+"${runs[@]}"} -max_len="$max_len" -timeout=30 \
    -print_final_stats=1 >"fuzz/logs/$t.log" 2>&1
  status=$?
  grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::|^Done [0-9]+ runs|panicked at|SUMMARY|Test unit written' "fuzz/logs/$t.log"
  if [ $status -ne 0 ]; then
    echo "!! $t failed (exit $status); see fuzz/logs/$t.log and fuzz/artifacts/$t/"
    failed=1
  fi
done
exit $failed
