#!/usr/bin/env python3
"""Mutation testing of lib/ and variants/: does the suite catch wrong code?

    tests/mutation/mutate.py [--seed S] [--count N] [--jobs J] [--work DIR]
                             [--only FILE] [--list] [--keep] [--keys FILE]
                             [--results FILE] [--resume]

Finds every place in lib/*.c, lib/internal.h and variants/*/*.c where one
small change makes plausible wrong code:

  rel    a comparison flipped at its edge  (<  <=  >  >=  ==  !=)
  const  a whole-number constant plus or minus one
  guard  an error guard deleted            (if (...) return CARC_E_... / -1 / 0;)
  arith  + and - swapped, += and -=        (scoring code: scoring.c, variants)
  logic  && and || swapped

then mutates a seeded random sample of N of them (each operator its share:
SHARE below), one at a time, in a copy
of the working tree (WORK, default /tmp/carc-mutation-S), rebuilds the
Criterion suite there (release, no LTO) and runs it. A mutant is killed when
the suite fails or runs over ten times its usual time, survives when the suite
passes (in a file with SSE2 or AVX2 forms, also in builds that take the
SSE2 and the plain-C form: FORMS), and is stillborn when it does not
compile. Mutants listed in
tests/mutation/equivalent.txt (the same program under another spelling) are
reported but not counted. Prints one line per mutant and the score,
killed / (killed + survived). Run by hand (it takes about a minute a mutant
on two cores), not in CI; docs/fuzzing.md has the last run.

--list prints the sample without running it; --only FILE samples one file;
--keys FILE runs the mutants FILE names (one key a line, as the survivors
list prints them), to try survivors again after new tests.

Each verdict is appended to a results file as soon as it is known (--results,
default WORK.results beside the work copy, outside the tree), one line a
mutant: verdict, operator, file:line, why, key, separated by tabs. A run that
is stopped keeps what it did: --resume reads that file, skips the mutants it
already holds and counts their verdicts in the score (a recorded survivor
listed in equivalent.txt since is counted as equivalent). Without --resume
the file is started afresh.
"""

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EQUIVALENT = os.path.join(ROOT, "tests", "mutation", "equivalent.txt")
SCORING = re.compile(r"^(lib/scoring\.c|variants/)")


def sources():
    out = ["lib/internal.h"]
    out += sorted("lib/" + f for f in os.listdir(os.path.join(ROOT, "lib")) if f.endswith(".c"))
    vdir = os.path.join(ROOT, "variants")
    for v in sorted(os.listdir(vdir)):
        if os.path.isdir(os.path.join(vdir, v)):
            out += sorted("variants/%s/%s" % (v, f) for f in os.listdir(os.path.join(vdir, v)) if f.endswith(".c"))
    return out


def mask(text):
    """The text with comments, strings, character constants and preprocessor
    lines blanked (same length), so the patterns see code only."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":
            j = i
            while j < n and text[j] != "\n":  # a directive, with its continuations
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "\n":
                    j += 1
                j += 1
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
            continue
        if c == "\n":
            line_start = True
            i += 1
            continue
        if not c.isspace():
            line_start = False
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j += 1
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            if out[k] != "\n":
                out[k] = " "
        i = j
    return "".join(out)


REL = re.compile(r"(?<![<>=!\-])(<=|>=|==|!=|<|>)(?![<>=])")
REL_SWAP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
CONST = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
GUARD = re.compile(r"\bif\s*\(")
ARITH = re.compile(r"(?<=[\w)\]] )(\+=|-=|\+|-)(?= [\w(])")
ARITH_SWAP = {"+": "-", "-": "+", "+=": "-=", "-=": "+="}
LOGIC = re.compile(r"&&|\|\|")


def guard_end(code, start):
    """For `if (...) return X;` at start: the span of the whole statement and
    the span of the condition, or None."""
    i = code.index("(", start)
    depth = 0
    for j in range(i, len(code)):
        if code[j] == "(":
            depth += 1
        elif code[j] == ")":
            depth -= 1
            if depth == 0:
                break
    else:
        return None
    m = re.compile(r"\s*return\s+(CARC_E_[A-Z_]+|-1|0|NULL)\s*;").match(code, j + 1)
    return (i + 1, j) if m else None


DECL = re.compile(r"\b(char|int|unsigned|uint\d+_t|int\d+_t|size_t|carc_\w+|[a-z_]+)\s+\**\w+(\[\w*\])*\[$")


def in_array_size(code, off):
    """A constant that is the size of an array being declared (char line[512]):
    plus or minus one there changes room, not behaviour."""
    start = code.rfind("\n", 0, off) + 1
    return bool(DECL.search(code[start:off].rstrip()))


def sites(path):
    """Every mutation of one file: (path, offset, length, replacement, op)."""
    text = open(os.path.join(ROOT, path)).read()
    code = mask(text)
    out = []
    for m in REL.finditer(code):
        # a template argument or a shift never appears in C; '->' is excluded above
        out.append((path, m.start(), len(m.group(1)), REL_SWAP[m.group(1)], "rel"))
    for m in CONST.finditer(code):
        if in_array_size(code, m.start()):
            continue
        v = int(m.group(1))
        for d in (1, -1):
            if v + d >= 0:
                out.append((path, m.start(), len(m.group(1)), str(v + d), "const"))
    for m in GUARD.finditer(code):
        g = guard_end(code, m.start())
        if g:
            out.append((path, g[0], g[1] - g[0], "0", "guard"))
    if SCORING.match(path):
        for m in ARITH.finditer(code):
            out.append((path, m.start(), len(m.group(1)), ARITH_SWAP[m.group(1)], "arith"))
    for m in LOGIC.finditer(code):
        out.append((path, m.start(), 2, "||" if m.group(0) == "&&" else "&&", "logic"))
    return text, out


def describe(text, site):
    path, off, length, new, op = site
    line = text.count("\n", 0, off) + 1
    start = text.rfind("\n", 0, off) + 1
    end = text.find("\n", off)
    src = text[start:end].strip()
    old = text[off:off + length]
    # the key survives edits elsewhere in the file: the line's text, which
    # occurrence of the change on it, the change
    nth = sum(1 for _ in re.finditer(re.escape(old), text[start:off]))
    key = "%s|%s|%d|%s|%s" % (path, src, nth, old, new)
    return line, old, src, key


def load_equivalent():
    eq = {}
    if os.path.exists(EQUIVALENT):
        for raw in open(EQUIVALENT):
            raw = raw.rstrip("\n")
            if raw and not raw.startswith("#") and "\t" in raw:
                key, why = raw.split("\t", 1)
                eq[key] = why
    return eq


def run(cmd, cwd, timeout=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        return p.returncode, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, ""


def prepare(work, jobs):
    """A copy of the working tree (every file git knows or would add, copied
    again when it differs, so a kept copy follows the tree) with its own
    build (release, no LTO)."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           stdout=subprocess.PIPE, check=True).stdout.decode().split("\0")
    for f in files:
        src, dst = os.path.join(ROOT, f), os.path.join(work, f)
        if not f or not os.path.isfile(src):
            continue
        if os.path.isfile(dst) and open(src, "rb").read() == open(dst, "rb").read():
            continue
        os.makedirs(os.path.dirname(dst) or work, exist_ok=True)
        shutil.copy2(src, dst)
    build = os.path.join(work, "build-mutation")
    if not os.path.exists(os.path.join(build, "build.ninja")):
        rc, out = run(["meson", "setup", build, "--buildtype=release", "-Db_lto=false"], work)
        if rc != 0:
            sys.exit("mutate: meson setup failed:\n" + out)
    rc, out = run(["ninja", "-C", build, "-j", str(jobs), "tests/carc-tests"], work)
    if rc != 0:
        sys.exit("mutate: the unmutated tree does not build:\n" + out[-3000:])
    return build


# The other forms of the code a CPU may take (docs/fuzzing.md, "Build
# configurations"): a mutant that survives in a file with such forms is
# tried again in builds that compile them in.
FORMS = {"sse2": "-DCARC_NO_AVX2", "plain": "-U__SSE2__"}


def has_forms(path):
    text = open(os.path.join(ROOT, path)).read()
    return "__SSE2__" in text or "CARC_AVX2" in text


def form_build(work, form, jobs):
    build = os.path.join(work, "build-mutation-" + form)
    if not os.path.exists(os.path.join(build, "build.ninja")):
        rc, out = run(["meson", "setup", build, "--buildtype=release", "-Db_lto=false", "-Dc_args=" + FORMS[form]],
                      work)
        if rc != 0:
            sys.exit("mutate: meson setup of the %s form failed:\n%s" % (form, out))
    return build


def suite(work, build, jobs, timeout):
    t = time.time()
    rc, out = run([os.path.join(build, "tests", "carc-tests"), "--fail-fast", "-j%d" % jobs], work, timeout)
    failed = re.findall(r"\[(?:FAIL|----)\] ([\w]+::[\w]+)", out) or re.findall(r"^\[FAIL\] (\S+)", out, re.M)
    return rc, time.time() - t, failed[0] if failed else ""


# How the sample is spread over the operators: constants are the most
# numerous sites but the least telling, so each operator gets a share.
SHARE = {"rel": 0.30, "const": 0.25, "guard": 0.20, "arith": 0.10, "logic": 0.15}


def stratified(everything, count, rng):
    by_op = {}
    for s in everything:
        by_op.setdefault(s[4], []).append(s)
    for v in by_op.values():
        rng.shuffle(v)
    sample = []
    while len(sample) < count and any(by_op.values()):
        ops = [o for o in sorted(SHARE) if by_op.get(o)]
        op = rng.choices(ops, [SHARE[o] for o in ops])[0]
        sample.append(by_op[op].pop())
    return sample


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=120)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--work")
    ap.add_argument("--only")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--keep", action="store_true", help="leave the work copy for the next run")
    ap.add_argument("--keys", help="run only the mutants whose keys (as the survivors list prints them) are in FILE")
    ap.add_argument("--results", help="append each verdict to FILE as it is known (default WORK.results)")
    ap.add_argument("--resume", action="store_true", help="skip the mutants the results file holds, count them")
    a = ap.parse_args()
    # a run stopped by a signal still puts the mutated file back (finally)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(130))
    files = [a.only] if a.only else sources()
    everything = []
    texts = {}
    for f in files:
        texts[f], s = sites(f)
        everything += s
    rng = random.Random(a.seed)
    sample = stratified(everything, a.count, rng)
    if a.keys:
        wanted = {k.strip() for k in open(a.keys) if k.strip() and not k.startswith("#")}
        sample = [s for s in everything if describe(texts[s[0]], s)[3] in wanted]
        missing = len(wanted) - len(sample)
        if missing:
            print("mutate: %d keys match no mutation site now (the code they name changed)" % missing)
    eq = load_equivalent()
    print("mutate: %d mutation sites in %d files; seed %d, %d sampled" % (len(everything), len(files), a.seed,
                                                                          len(sample)))
    if a.list:
        for i, s in enumerate(sample):
            line, old, src, key = describe(texts[s[0]], s)
            print("%3d %-5s %s:%d  %s -> %s   %s" % (i, s[4], s[0], line, old, s[3], src))
        return 0
    work = a.work or "/tmp/carc-mutation-%d" % a.seed
    results = a.results or work.rstrip("/") + ".results"
    done = {}
    if a.resume and os.path.exists(results):
        for raw in open(results):
            f = raw.rstrip("\n").split("\t")
            if len(f) == 5:
                done[f[4]] = f
    record = open(results, "a" if a.resume else "w")
    build = prepare(work, a.jobs)
    rc, base_time, _ = suite(work, build, a.jobs, None)
    if rc != 0:
        sys.exit("mutate: the suite fails without any mutant")
    timeout = max(60.0, 10 * base_time)
    counts = {"killed": 0, "survived": 0, "stillborn": 0, "equivalent": 0}
    survivors = []
    for i, s in enumerate(sample):
        path, off, length, new, op = s
        text = texts[path]
        line, old, src, key = describe(text, s)
        if key in done:
            verdict, why = done[key][0], done[key][3]
            if verdict == "survived" and key in eq:
                verdict, why = "equivalent", eq[key]
            counts[verdict] += 1
            if verdict == "survived":
                survivors.append((path, line, old, new, op, src, key))
            print("%3d %-10s %-5s %s:%d  %s -> %s   %s   [recorded%s]" % (i, verdict.upper(), op, path, line, old, new,
                                                                       src[:70], ": " + why if why else ""))
            continue
        target = os.path.join(work, path)
        with open(target, "w") as f:
            f.write(text[:off] + new + text[off + length:])
        try:
            rc, out = run(["ninja", "-C", build, "-j", str(a.jobs), "tests/carc-tests"], work)
            if rc != 0:
                verdict, why = "stillborn", ""
            else:
                rc, took, test = suite(work, build, a.jobs, timeout)
                if rc is None:
                    verdict, why = "killed", "timeout"
                elif rc != 0:
                    verdict, why = "killed", test
                else:
                    verdict, why = "survived", ""
                    for form in sorted(FORMS) if has_forms(path) else []:
                        fb = form_build(work, form, a.jobs)
                        if run(["ninja", "-C", fb, "-j", str(a.jobs), "tests/carc-tests"], work)[0] != 0:
                            continue
                        rc, took, test = suite(work, fb, a.jobs, timeout)
                        if rc != 0:
                            verdict, why = "killed", "%s form: %s" % (form, test or "timeout")
                            break
                    if verdict == "survived" and key in eq:
                        verdict, why = "equivalent", eq[key]
        finally:
            with open(target, "w") as f:
                f.write(text)
        counts[verdict] += 1
        record.write("%s\t%s\t%s:%d\t%s\t%s\n" % (verdict, op, path, line, why.replace("\t", " "), key))
        record.flush()
        if verdict == "survived":
            survivors.append((path, line, old, new, op, src, key))
        print("%3d %-10s %-5s %s:%d  %s -> %s   %s%s" % (i, verdict.upper(), op, path, line, old, new, src[:70],
                                                         "   [%s]" % why if why else ""), flush=True)
    run(["ninja", "-C", build, "-j", str(a.jobs), "tests/carc-tests"], work)
    for form in FORMS:  # the copies put back in the other forms' builds too
        fb = os.path.join(work, "build-mutation-" + form)
        if os.path.exists(os.path.join(fb, "build.ninja")):
            run(["ninja", "-C", fb, "-j", str(a.jobs), "tests/carc-tests"], work)
    scored = counts["killed"] + counts["survived"]
    print("mutate: %d mutants: %d killed, %d survived, %d equivalent, %d stillborn; score %d/%d = %.1f%%" % (
        len(sample), counts["killed"], counts["survived"], counts["equivalent"], counts["stillborn"],
        counts["killed"], scored, 100.0 * counts["killed"] / max(scored, 1)))
    if survivors:
        print("survivors (keys for tests/mutation/equivalent.txt, with a reason after a tab):")
        for s in survivors:
            print("  " + s[6])
    if not a.keep and not a.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if not survivors else 1


if __name__ == "__main__":
    sys.exit(main())
