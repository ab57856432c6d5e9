#!/usr/bin/env bash
# Synthesises the eight notification sounds with sox into assets/sounds/*.ogg:
# mono, 16 kHz, at most one second, Ogg Vorbis at low quality, so each file stays a few KB.
# Run from apps/server: `npm run sounds -w @tradedesk/server`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=assets/sounds
mkdir -p "$out"
rate=16000
make() { # name, then sox effects producing the clip from silence
  local name=$1; shift
  sox -n -r "$rate" -c 1 -C 0 "$out/$name.ogg" "$@"
  }
# coin: two bright rising pings.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sox -n -r "$rate" -c 1 "$tmp/coin-a.wav" synth 0.09 sine 1318 fade t 0 0.09 0.02
sox -n -r "$rate" -c 1 "$tmp/coin-b.wav" synth 0.35 sine 1975 fade t 0 0.35 0.3
sox "$tmp/coin-a.wav" "$tmp/coin-b.wav" -C 0 "$out/coin.ogg" gain -3
# drum: a low, quickly decaying thump.
make drum synth 0.45 sine 110-45 fade t 0 0.45 0.4 gain -2
# captcha: three short alert beeps.
make captcha synth 0.12 square 880 pad 0 0.08 repeat 2 fade t 0 0.6 0.05 gain -12
# car-siren: a wailing sweep up and down.
make car-siren synth 0.9 sine 600-1200 synth 0.9 sine mix 3 fade t 0.02 0.9 0.1 gain -6
# kaching: a bell-like chord with a click.
make kaching synth 0.7 pluck 2093 synth 0.7 pluck 2637 synth 0.7 pluck 3136 fade t 0 0.7 0.5 gain -4
# military-siren: a slow rising square tone.
make military-siren synth 1 square 300-700 gain -14 lowpass 1500 fade t 0.05 1 0.2
# mystical-chimes: a rising arpeggio of soft triangles.
for note in 784 988 1175; do sox -n -r "$rate" -c 1 "$tmp/chime-$note.wav" synth 0.25 triangle "$note" fade t 0 0.25 0.15; done
sox "$tmp"/chime-784.wav "$tmp"/chime-988.wav "$tmp"/chime-1175.wav -C 0 "$out/mystical-chimes.ogg" gain -8 reverb 40
# nuclear-buzzer: a harsh low buzz.
make nuclear-buzzer synth 0.8 sawtooth 70 synth 0.8 square mix 72 gain -10 lowpass 900 fade t 0.01 0.8 0.1
ls -l "$out"
