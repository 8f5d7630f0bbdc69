# Sourced by scripts/test: runs `swift test` so that no process a test leaves behind, and no hang, can
# hold CI until its own limit (docs/CONTRIBUTING.md, "When a test run does not end").
#
# - The log is streamed line by line: a `| grep` buffers 4 KB, and a stopped run then shows nothing of
#   its last tests.
# - `swift test` reads the test process's output through pipes until every writer has closed them. A
#   process that a test started and left running with that output keeps it waiting after the last test.
#   Once the run's summary is printed and `swift test` has not ended within 30 s, such processes are
#   named and ended.
# - `swift test` writes to a file that `tail --pid` follows, so nothing else can hold this script's
#   output either.
# - A `swift test` that has not ended 120 s after the summary, or any run after
#   $AUTH_DESKTOP_TEST_TIME_LIMIT seconds (default 1200; a full run takes about 2.5 minutes here), is
#   reported (the tests started and not ended, the processes, the test process's threads) and killed.

# The tests that printed "started" and neither "passed" nor "failed" in swift-testing's log `$1`.
unfinished_tests() {
  python3 - "$1" <<'EOF'
import re, sys
started, ended = [], set()
for line in open(sys.argv[1], errors="replace"):
    m = re.search(r"Test (.+?) started\.", line)
    if m:
        started.append(m.group(1))
    m = re.search(r"Test (.+?) (passed|failed|skipped)", line)
    if m:
        ended.add(m.group(1))
for name in started:
    if name not in ended:
        print("  " + name)
EOF
}

# The process tree, without kernel threads.
process_tree() { ps -e --forest -o pid,ppid,etimes,stat,wchan:22,args | grep -v ' \[.*\]$' | cut -c1-220; }

# What a hung run was doing: why it is ended (`$1`), the unfinished tests of log `$2`, the processes,
# and the threads of the test process (gdb, when installed).
hang_report() {
  echo "== $1. Tests started and not ended:"
  unfinished_tests "$2"
  echo "== processes"
  process_tree
  local pid
  for pid in $(pgrep -f 'PackageTests.xctest' || true); do
    if command -v gdb >/dev/null; then
      echo "== threads of $pid"
      timeout 120 gdb -p "$pid" -batch -ex 'thread apply all bt 30' 2>/dev/null | grep -E '^(Thread|#)' | cut -c1-240
    fi
  done
}

# The processes, other than its own children, that write to a pipe `$1` reads: after the tests, what
# keeps `swift test` (pid `$1`) waiting for the end of the test process's output.
pipe_holders() {
  python3 - "$1" <<'EOF'
import glob, os, sys

def pipes(pid, access):
    """The pipes `pid` has open for `access` (0: reading, 1: writing)."""
    found = set()
    for fd in glob.glob(f"/proc/{pid}/fd/*"):
        try:
            target = os.readlink(fd)
            with open(fd.replace("/fd/", "/fdinfo/")) as info:
                flags = int(next(l for l in info if l.startswith("flags:")).split()[1], 8)
        except (OSError, StopIteration):
            continue
        if target.startswith("pipe:") and flags & 3 == access:
            found.add(target)
    return found

def parent(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[1]
    except OSError:
        return None

reader = sys.argv[1]
read = pipes(reader, 0)
for path in glob.glob("/proc/[0-9]*"):
    pid = path.rsplit("/", 1)[1]
    # Not `swift test` itself, nor the test process it runs (its own writer).
    if reader not in (pid, parent(pid)) and read & pipes(pid, 1):
        print(pid)
EOF
}

# The watchdog of `swift test` (pid `$1`, log `$2`): once the tests have ended, it ends what holds their
# output (every 30 s) and, 120 s after the summary, a `swift test` that has still not ended; it ends the
# whole run at the time limit.
watch_swift_tests() {
  set +e
  local test_pid=$1 log=$2 limit=${AUTH_DESKTOP_TEST_TIME_LIMIT:-1200} waited=0 summary_at="" holders
  while kill -0 "$test_pid" 2>/dev/null; do
    sleep 2
    waited=$((waited + 2))
    if [ -z "$summary_at" ] && grep -q "Test run with .* tests" "$log"; then summary_at=$waited; fi
    if [ -n "$summary_at" ] && [ $(((waited - summary_at) % 30)) -eq 28 ]; then
      holders=$(pipe_holders "$test_pid" | paste -sd, -)
      if [ -n "$holders" ]; then
        echo "== the tests have ended, but these processes, started by tests and left running, hold their output (ended now):"
        ps -o pid,ppid,etimes,args -p "$holders" | cut -c1-200
        kill -KILL ${holders//,/ }
      fi
    fi
    local why=""
    if [ -n "$summary_at" ] && [ $((waited - summary_at)) -ge 120 ]; then
      why="swift test has not ended 120 s after the tests' summary: ended now"
    elif [ "$waited" -ge "$limit" ]; then
      why="swift test still running after ${limit}s: ended now"
    fi
    if [ -n "$why" ]; then
      hang_report "$why" "$log"
      pkill -KILL -P "$test_pid"
      kill -KILL "$test_pid"
      return
    fi
  done
}

# Runs `swift test ARGS` with its log in `$log` (set by the caller), streamed to stdout; returns its status.
run_swift_tests() {
  : >"$log"
  swift test --skip-build --parallel "$@" >"$log" 2>&1 &
  local test_pid=$!
  watch_swift_tests "$test_pid" "$log" &
  local watchdog=$!
  tail -n +1 -f --pid="$test_pid" "$log" | grep --line-buffered -v "prohibited flag" || true
  local status=0
  wait "$test_pid" || status=$?
  wait "$watchdog" 2>/dev/null || true  # it ends within 2 s of `swift test`
  return "$status"
}

# The processes, other than this shell and the ones it runs in, whose environment names `$1` (the run's
# scratch folder, in every test process's XDG_RUNTIME_DIR).
processes_of_run() {
  local environ pid
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/}
    pid=${pid%/environ}
    case " $$ $BASHPID $PPID " in *" $pid "*) continue ;; esac
    grep -qaF "$1" "$environ" 2>/dev/null && echo "$pid"
  done
  return 0
}

# Names and ends what is still running of the run `$1` (the scratch folder) once its bus has ended.
end_leftovers() {
  local left listing
  left=$(processes_of_run "$1" | paste -sd, -)
  [ -n "$left" ] || return 0
  listing=$(ps -o pid,ppid,etimes,args -p "$left" | cut -c1-200) || true  # ps fails when all have ended
  [ "$(wc -l <<<"$listing")" -gt 1 ] || return 0
  echo "== left running after the tests (ended now):"
  echo "$listing"
  kill -KILL ${left//,/ } 2>/dev/null || true
}
