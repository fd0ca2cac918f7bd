#!/usr/bin/env python3
"""The throwaway script a user would write instead of `chokepoint eval`: plain sqlite3, BIRD's set semantics.

Pairs each gold of GOLD (a Spider or BIRD dev.json) with the prediction at the same position in PRED (the Codex
CSV's "PREDICTED SQL" column, a BIRD prediction dict, or one SQL per line), runs both on DB_ROOT/<db_id>/<db_id>.sqlite
(read-only) and counts the pair right when the two results hold the same set of rows, as BIRD's evaluation script
compares them. Items without their database, or whose gold fails, are left out and counted, as `chokepoint eval
--skip-missing` leaves them out. A query is stopped after TIMEOUT_MS (SQLite's progress handler).

Usage: python3 bench/raw_sqlite_eval.py GOLD PRED DB_ROOT [TIMEOUT_MS]
Prints one JSON line: {"n", "scored", "correct", "ex", "no_database", "gold_failed", "seconds"}.
"""
import csv
import json
import os
import sqlite3
import sys
import time


def predictions(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.lstrip().startswith("{"):
        d = json.loads(text)
        return [d[k].split("\t----- bird -----\t")[0] for k in sorted(d, key=int)]
    if path.endswith(".csv"):
        rows = list(csv.DictReader(text.splitlines(keepends=True)))
        key = "PREDICTED SQL" if rows and "PREDICTED SQL" in rows[0] else "sql"
        return [r[key] for r in rows]
    return text.splitlines()


def run(conn, sql, timeout_ms):
    deadline = time.monotonic() + timeout_ms / 1000
    conn.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 10000)
    try:
        return set(conn.execute(sql).fetchall())
    finally:
        conn.set_progress_handler(None, 0)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    gold_path, pred_path, db_root = sys.argv[1:4]
    timeout_ms = int(sys.argv[4]) if len(sys.argv) > 4 else 5000
    started = time.monotonic()
    with open(gold_path, encoding="utf-8") as f:
        gold = json.load(f)
    preds = predictions(pred_path)
    connections = {}
    n = scored = correct = no_database = gold_failed = 0
    for i, item in enumerate(gold):
        n += 1
        db = item["db_id"]
        path = os.path.join(db_root, db, db + ".sqlite")
        if db not in connections:
            connections[db] = sqlite3.connect(f"file:{path}?mode=ro", uri=True) if os.path.exists(path) else None
        conn = connections[db]
        if conn is None:
            no_database += 1
            continue
        try:
            gold_rows = run(conn, item.get("SQL") or item.get("query"), timeout_ms)
        except sqlite3.Error:
            gold_failed += 1
            continue
        scored += 1
        try:
            pred_rows = run(conn, preds[i] if i < len(preds) else "", timeout_ms)
        except (sqlite3.Error, sqlite3.Warning, ValueError):
            continue
        correct += gold_rows == pred_rows
    print(json.dumps({"n": n, "scored": scored, "correct": correct,
                      "ex": round(100.0 * correct / scored, 2) if scored else 0.0,
                      "no_database": no_database, "gold_failed": gold_failed,
                      "seconds": round(time.monotonic() - started, 3)}))


if __name__ == "__main__":
    main()
