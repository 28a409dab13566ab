# A Fire and Ice bot in awk that speaks the fie protocol (docs/engine.md):
# it keeps the board from the position command and plays the first legal
# move it finds, starting its scan at a different hole each time.
#   fireice match "awk -W interactive -f examples/bot.awk" "fireice engine --level 1"
# -W interactive: mawk (Debian's awk) reads a pipe a line at a time only with
# it, and would wait for a block of input that never comes; gawk ignores it
# (with a warning). The bot's replies are flushed at once (say, fflush).
BEGIN { isl = "ABCDEFG" }
function hole(s) { return (index(isl, toupper(substr(s, 1, 1))) - 1) * 7 + substr(s, 2, 1) - 1 }
function name(h) { return substr(isl, int(h / 7) + 1, 1) (h % 7 + 1) }
function reach(h, t) { return t != h && b[t] == 0 && (int(t / 7) == int(h / 7) || t % 7 == h % 7) }
function canmove(s,   h, t) {  # a peg with an empty destination, and a peg for the fill
  if (cnt[3 - s] >= 25) return 0
  for (h = 0; h < 49; h++) if (b[h] == s) for (t = 0; t < 49; t++) if (reach(h, t)) return 1
  return 0
}
function say(text) { print text; fflush() }
$1 == "fie" { say("id name awkbot"); say("id version 1"); say("fieok") }
$1 == "isready" { say("readyok") }
$1 == "quit" { exit }
$1 == "position" {
  for (h = 0; h < 49; h++) b[h] = 0
  if ($2 == "startpos") { b[24] = 1; tm = 1; k = 3 }
  else { for (h = 0; h < 49; h++) { c = substr($3, h + 1, 1); b[h] = c == "#" ? 1 : (c ~ /[Oo0]/ ? 2 : 0) }; tm = $4 == "fire" ? 1 : 2; k = 5 }
  cnt[1] = cnt[2] = 0; for (h = 0; h < 49; h++) if (b[h]) cnt[b[h]]++
  for (i = k + 1; i <= NF; i++) {
    f = hole(substr($i, 1, 2)); t = hole(substr($i, 4, 2)); s = b[f]
    b[t] = s; b[f] = 3 - s; cnt[3 - s]++; tm = canmove(3 - s) ? 3 - s : s
  }
}
$1 == "go" {
  n++
  for (j = 0; j < 49; j++) { h = (j + 11 * n) % 49; if (b[h] != tm) continue
    for (u = 0; u < 49; u++) { t = (u + 5 * n) % 49; if (reach(h, t)) { say("bestmove " name(h) "-" name(t)); next } } }
  say("bestmove none")
}
