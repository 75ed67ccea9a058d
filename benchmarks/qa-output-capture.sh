#!/usr/bin/env bash
# Captures every number and file `bench qa eval` prints and writes on the shipped QA data, so that a change meant to
# be faster can be shown to change no output: run it before the change and after, then `diff -r BEFORE AFTER`.
#
#   benchmarks/qa-output-capture.sh OUT_DIR [BENCH]      (BENCH defaults to ./bench)
#
# Cases: datasets/xquad-mix with the three protocols, one and two systems, B = 0, 500 and 10,000 (seed 7), with and
# without --out; the qa-parity cases (../shared/data/qa-parity: xh-lang imported with `bench qa import xhotpotqa`,
# hp-basic with `bench qa import hotpot` and scored from its HotpotQA JSON predictions); the 6,650-instance peer data
# of QaPeerSpeedHarness when it exists (benchmarks/target/qa-peer/n6650); bad inputs (a broken line, a bad byte, a
# duplicate id, a duplicate key, a missing field, a float sentence id, an escaped field name), whose problems must
# read the same. The folder a report is written to is replaced by OUT in the "wrote" lines.
set -u
out=${1:?usage: qa-output-capture.sh OUT_DIR [BENCH]}
bench=${2:-./bench}
parity=../shared/data/qa-parity
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { # NAME ARGS...: stdout, stderr and exit status of one command
    local name=$1
    shift
    "$bench" qa eval "$@" >"$out/$name.stdout" 2>"$out/$name.stderr"
    echo $? >"$out/$name.rc"
    sed -i "s#$work/[^ ]*#OUT#g" "$out/$name.stdout" "$out/$name.stderr"
}

with_out() { # NAME ARGS...: as run, plus every file written to --out
    local name=$1
    shift
    run "$name" "$@" --out "$work/$name"
    if [ -d "$work/$name" ]; then
        mkdir -p "$out/$name.files"
        cp -r "$work/$name/." "$out/$name.files/"
    fi
}

mix=datasets/xquad-mix
lex=$mix/predictions/lexical-overlap.jsonl
oracle=$mix/predictions/oracle.jsonl
for protocol in unicode legacy hotpot; do
    for b in 0 500 10000; do
        run "mix-$protocol-b$b-one" --dataset $mix --pred $lex --protocol $protocol --bootstrap $b --seed 7
        with_out "mix-$protocol-b$b-two-out" --dataset $mix --pred $lex --pred $oracle --protocol $protocol --bootstrap $b --seed 7
    done
done

"$bench" qa import xhotpotqa --from $parity/xh-lang/gold.jsonl --out "$work/xh-lang" >/dev/null 2>&1
"$bench" qa import hotpot --lang en --from $parity/hp-basic/gold.json --out "$work/hp-basic" >/dev/null 2>&1
for protocol in unicode legacy hotpot; do
    with_out "xh-lang-$protocol" --dataset "$work/xh-lang" --pred $parity/xh-lang/pred.jsonl --protocol $protocol --bootstrap 500
    with_out "hp-basic-$protocol" --dataset "$work/hp-basic" --pred $parity/hp-basic/pred.json --protocol $protocol --bootstrap 500
done

peer=benchmarks/target/qa-peer/n6650
if [ -d $peer ]; then
    for protocol in unicode legacy; do
        with_out "peer-6650-$protocol" --dataset $peer --pred $peer/lexical-overlap.jsonl --protocol $protocol --bootstrap 0
    done
fi

# odd and bad inputs: a copy of xquad-mix with one change each
bad() { # NAME SED_EXPRESSION: the change applied to line 3
    local dir=$work/bad-$1
    mkdir -p "$dir"
    cp $mix/dataset.json "$dir/"
    zcat $mix/instances.jsonl.gz | sed "3$2" >"$dir/instances.jsonl"
    run "bad-$1" --dataset "$dir" --pred $lex --bootstrap 0
}
bad broken 's/^{/[/'
bad byte 's/"question":"/"question":"\xff/'
bad duplicate-id 's/"id":"[^"]*"/"id":"xqm-5726472bdd62a815002e8042-ar-A0"/'
bad duplicate-key 's/"status":/"answer":"x","status":/'
bad missing-field 's/"answer_language":"[a-z]*",//'
bad float-sentence 's/"sentence_id":\([0-9]*\)/"sentence_id":\1.0/'
bad escaped-name 's/"question":/"q\\u0075estion":/'
bad control-char 's/"question":"/"question":"\t/'
bad overlong 's/"question":"/"question":"\xc0\xaf/'
bad surrogate 's/"question":"/"question":"\xed\xa0\x80/'
bad trailing 's/$/ x/'
bad leading-zero 's/"sentence_id":\([0-9]*\)/"sentence_id":0\1/'
bad unknown-field 's/"status":/"extra":[1,{"a":null}],"status":/'
bad nested-duplicate 's/"provenance":{/"provenance":{"seed":1,/'
bad lone-surrogate-escape 's/"sentences":\["/"sentences":["\\ud800/'
bad escapes 's|"sentences":\["|"sentences":["\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9|'
bad escaped-question 's|"question":"|"question":"\\"\\u00e9\\ud83d\\ude00 |'
bad bad-escape 's/"sentences":\["/"sentences":["\\x/'
bad whitespace 's/,"candidates":/ ,\t"candidates" :\r /'
bad unicode-space-line 's/.*/\xe3\x80\x80/'
# odd and bad predictions: a copy of the lexical-overlap predictions with one change each
badpred() { # NAME SED_EXPRESSION: the change applied to line 3
    local file=$work/pred-$1.jsonl
    sed "3$2" $lex >"$file"
    run "pred-$1" --dataset $mix --pred "$file" --bootstrap 0 --protocol legacy
}
badpred broken 's/^{/[/'
badpred byte 's/"id":"/"id":"\xff/'
badpred duplicate-id "s/\"id\":\"[^\"]*\"/$(head -1 $lex | grep -o '"id":"[^"]*"')/"
badpred duplicate-key 's/"answer":/"id":"x","answer":/'
badpred extra-member 's/"answer":/"score":[0.5,{"a":true}],"answer":/'
badpred escaped-answer 's|"answer":"|"answer":"\\"\\u00e9 |'
badpred null-answer 's/"answer":"[^"]*"/"answer":null/'
badpred number-answer 's/"answer":"[^"]*"/"answer":1996/'
badpred null-facts 's/"supporting_facts":\[[^]]*\]/"supporting_facts":null/'
badpred float-sentence 's/"sentence_id":\([0-9]*\)/"sentence_id":\1.0/'
badpred role 's/"sentence_id":/"role":"answer","sentence_id":/'
badpred blank 's/.*/  /'
echo "captured $(ls "$out" | wc -l) entries in $out"
