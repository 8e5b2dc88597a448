#!/usr/bin/env bash
# Stop the cluster started by start.sh: cancel all jobs, then slurmd+slurmctld, then munged.
set -euo pipefail
export SLURM_CONF=${SLURM_CONF_DIR:-/etc/slurm}/slurm.conf
if [ -s /run/slurmctld.pid ] && timeout 10 squeue -h -o %i >/dev/null 2>&1; then
  # %F = array (base) job id: one scancel per array. Then wait for the queue to drain.
  timeout 10 squeue -h -o %F | sort -u | xargs -r timeout 10 scancel || true
  for _ in $(seq 30); do [ -z "$(timeout 5 squeue -h -o %i 2>/dev/null)" ] && break; sleep 0.5; done
fi
# live PID: not gone and not a zombie (kill -0 succeeds on zombies, and a
# container's PID 1 may reap them late or never).
live() { [ -e "/proc/$1" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }
# stop PIDFILE...: TERM each daemon named in the files (if the pid really is one),
# wait up to 10 s, then KILL.
stop() {
  local f pid up pids=()
  for f; do
    pid=$(cat "$f" 2>/dev/null) && case $(cat "/proc/$pid/comm" 2>/dev/null) in
      slurmd|slurmctld|munged) live "$pid" && kill "$pid" && pids+=("$pid") ;;
    esac
    rm -f "$f"
  done
  for _ in $(seq 50); do
    up=0; for pid in "${pids[@]}"; do live "$pid" && up=1; done
    [ "$up" = 0 ] && return 0; sleep 0.2
  done
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
}
stop /run/slurmd.pid /run/slurmctld.pid
stop /run/munge/munged.pid   # last: the slurm daemons use munge while shutting down
echo "slurm: stopped"
