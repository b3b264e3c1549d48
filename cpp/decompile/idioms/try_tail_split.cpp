// The code after a try body whose except clauses all leave, split between
// the else clause and the code after the try statement.
//
// Versions: 3.11+ (the loads 3.14 only).
// Source:
//     try:
//         s1 = os.lstat(path)
//     except OSError:
//         return False
//     else:
//         if stat.S_ISLNK(s1):
//             return False
//     path = os.fspath(path)
// Bytecode:
//     <body>
//     <else clause>   stat, S_ISLNK (co_names 2, 3)
//     <code after>    fspath (co_names 7), strong loads
//     <handlers, moved to the end>
//                     OSError (co_names 5)
// Test: tests/python/decompile_cases/try_tail_split.py,
//     tests/python/decompile_cases/loop_try_tail_split.py
//
// The else clause and the code after the try run on the same paths there
// and are laid out as one run of code: only the order in which the compiler
// met names and constants tells where the else clause ended. 3.11+ compile
// the body, the else clause, the handlers, then the code after the try, so
// a name first met in the else clause stands before those first met in the
// clauses, and those before the names first met after the try. 3.14 also
// borrow the else clause's loads (LOAD_FAST_BORROW) but not those of the
// code after the try (code_after_try_loads.cpp says why). Each split of the
// top-level statements at a statement boundary is checked against that
// evidence; where the placement chosen as a whole (try_tail_placement.cpp)
// contradicts it and a split does not, the nearest such split is taken.

#include <algorithm>
#include <array>
#include <climits>

#include "decompile/idioms/cold_code_order.hpp"
#include "decompile/idioms/folded_constants.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

namespace {

enum Group : int { kElse = 1, kAfter = 2, kClauses = 4, kOther = 8 };

struct Span {
  int low = INT_MAX;
  int high = -1;
  void add(int at) { low = std::min(low, at), high = std::max(high, at); }
  bool empty() const { return high < 0; }
};

// `first` met entirely before `second`: true unless both have entries and
// some entry of `first` stands after one of `second`.
bool before(const Span& first, const Span& second) {
  return first.empty() || second.empty() || first.high < second.low;
}

}  // namespace

// 3.14: whether the last load before `tail_start`, outside code only
// exceptions reach, borrows (none: true). Only then are the strong
// loads of the code after a try statement a sign of it: code before it that
// 3.14's optimize_load_fast never visits (after an earlier try statement
// whose clauses leave, importlib.reload) loads strongly in an else clause
// too.
bool FunctionDecompiler::body_ends_borrowing(int tail_start) const {
  if (code_.version.minor != 14 || graph_.blocks.empty()) return false;
  const auto& instrs = function_.instrs;
  const std::vector<char> warm = blocks_reached_without_exceptions(graph_);
  // (Where the body loads no local, the last load before the try tells.)
  for (int i = std::min(tail_start, int(instrs.size())) - 1; i >= 0; --i)
    if (instrs[i].op == Op::LoadFast && warm[block_at(i)]) return borrowed_load(code_, instrs[i]);
  return true;
}

int FunctionDecompiler::split_tail_between_else_and_after(int /*body_start*/, const std::vector<int>& tail,
                                                          const std::vector<int>& clauses,
                                                          const ast::Body& tail_statements,
                                                          TailPlace placed) const {
  if (code_.version.minor < 11 || placed == TailPlace::InBody) return -1;
  // (No tail instruction, the statements all made elsewhere: nothing tells
  // where the else clause ends. The borrow check below needs one.)
  if (tail.empty()) return -1;
  int count = int(tail_statements.size());
  // (A final return on the line before it, a copy of the implicit return,
  // goes with the statement before it.)
  if (count >= 2 && ast::as<ast::Return>(tail_statements.back()) &&
      tail_statements.back()->lineno <= tail_statements[count - 2]->lineno)
    --count;
  if (count < 2) return -1;
  // Statement k starts at its line; the lines of top-level statements grow.
  std::vector<int> starts;
  for (int k = 0; k < count; ++k) {
    const ast::StmtPtr& statement = tail_statements[k];
    if (statement->lineno <= 0 || (!starts.empty() && statement->lineno <= starts.back())) return -1;
    starts.push_back(statement->lineno);
  }
  const auto& instrs = function_.instrs;
  // 3.11 lay the else clause out before the handlers and the code after
  // the try statement after them (more_itertools bucket.__contains__, where
  // no name or constant tells): the layout splits the statements.
  if (code_.version.minor == 11 && !clauses.empty()) {
    const int clauses_start = *std::min_element(clauses.begin(), clauses.end());
    const int clauses_end = *std::max_element(clauses.begin(), clauses.end());
    auto laid_out_as = [&](int keep) {
      const int split_line = keep < count ? starts[keep] : INT_MAX;
      for (int i : tail) {
        if (instrs[i].line <= 0) continue;
        if (instrs[i].line < split_line ? i > clauses_start : i < clauses_end) return false;
      }
      return true;
    };
    const int chosen = placed == TailPlace::InElse ? count : 0;
    if (!laid_out_as(chosen))
      for (int keep = 1; keep < count; ++keep)
        if (laid_out_as(keep)) return keep;
  }
  std::vector<int> group(instrs.size(), kOther);
  // (Code on lines past the tail's, outside the try statement, was
  // compiled after it: its uses say nothing about where a name was first
  // met, `len` both ending a loop body and after the loop, encodings.idna.)
  int tail_last_line = 0;
  for (int i : tail) tail_last_line = std::max(tail_last_line, instrs[i].line);
  for (int i = 0; i < int(instrs.size()); ++i)
    if (tail_last_line > 0 && instrs[i].line > tail_last_line) group[i] = 0;
  for (int i : clauses) group[i] = kClauses;
  const int folded = find_folded_constants(function_, graph_).start;
  // A name's or constant's position, -1 for none (a None a return loads may
  // be the implicit return's, met last; constants the CFG optimizer folded
  // stand after all others).
  auto position = [&](int i, bool names) {
    const ir::Instr& instr = instrs[i];
    if (names) {
      if (!names_from_co_names(instr.op) || instr.name.empty()) return -1;
      const auto at = std::find(code_.names.begin(), code_.names.end(), instr.name);
      return at == code_.names.end() ? -1 : int(at - code_.names.begin());
    }
    if (instr.op != Op::LoadConst || instr.arg < 0 || instr.arg >= int(code_.consts.size())) return -1;
    if (folded >= 0 && instr.arg >= folded) return -1;
    if (loads_none(i) && i + 1 < int(instrs.size()) && instrs[i + 1].op == Op::ReturnValue) return -1;
    return instr.arg;
  };
  const bool borrow_tells = body_ends_borrowing(*std::min_element(tail.begin(), tail.end()));
  // A name or constant several of the three use was met in the first of
  // them compiled: else clause, except clauses, code after the try.
  // (Within one of them in the order of their lines, which a name shared
  // with a later one must also keep against the names of its own: shared
  // with the code after the try, a handler's ImportError first met in an
  // else clause would stand after the names before it there.)
  auto met_in = [](int users) {
    if (users & kOther) return int(kOther);
    if (users & kElse) return int(kElse);
    if (users & kClauses) return int(kClauses);
    return users;
  };
  auto slot = [](int group) { return group == kElse ? 0 : group == kClauses ? 1 : 2; };
  // 3.14: the line of the first load that is strong where it could borrow
  // although the code before it borrowed: a load before it in the same
  // block, or every block entering its block from the tail (the join of
  // an if statement ending the else clause). The empty block the try
  // statement's end leaves runs between them, so the code after the try
  // starts there at the latest (INT_MAX: none).
  int strong_after_borrowed_line = INT_MAX;
  // (Besides what loads_only_strongly counts, a load an operator uses
  // after one plain push: `i += 1`.)
  auto strong_where_borrowable = [&](int i) {
    if (loads_only_strongly(i)) return true;
    const int last = graph_.blocks[block_at(i)].last;
    for (int k = i; k <= last; ++k)
      if (borrowed_load(code_, instrs[k])) return false;
    int next = i + 1;
    if (next <= last && (instrs[next].op == Op::LoadConst || instrs[next].op == Op::LoadGlobal ||
                         instrs[next].op == Op::LoadFast || instrs[next].op == Op::LoadDeref))
      ++next;
    return next <= last && (instrs[next].op == Op::BinaryOp || instrs[next].op == Op::Compare);
  };
  if (borrow_tells) {
    std::vector<int> ordered(tail);
    std::sort(ordered.begin(), ordered.end());
    std::vector<char> in_tail(graph_.blocks.size(), 0), borrows(graph_.blocks.size(), 0);
    std::vector<char> loads(graph_.blocks.size(), 0);
    for (int i : ordered) in_tail[block_at(i)] = 1;
    for (int i : ordered) loads[block_at(i)] |= instrs[i].op == Op::LoadFast;
    for (int i : ordered) {
      if (instrs[i].op != Op::LoadFast) continue;
      const int b = block_at(i);
      if (borrowed_load(code_, instrs[i])) {
        borrows[b] = 1;
        continue;
      }
      if (instrs[i].line <= 0 || !strong_where_borrowable(i)) continue;
      const auto& predecessors = graph_.blocks[b].predecessors;
      // (A block loading no local, such as the rest of a yield, tells nothing.)
      const bool after_borrowing_tail =
          std::any_of(predecessors.begin(), predecessors.end(), [&](int p) { return in_tail[p] && borrows[p]; }) &&
          std::all_of(predecessors.begin(), predecessors.end(),
                      [&](int p) { return in_tail[p] && (borrows[p] || !loads[p]); });
      if (borrows[b] || after_borrowing_tail) {
        strong_after_borrowed_line = instrs[i].line;
        break;
      }
    }
  }
  // Whether the first `keep` statements as the else clause and the rest
  // after the try agree with the evidence.
  auto agrees = [&](int keep) {
    const int split_line = keep < count ? starts[keep] : INT_MAX;
    if (split_line > strong_after_borrowed_line) return false;
    std::vector<int> in_group = group;
    for (int i : tail) {
      if (instrs[i].line <= 0) continue;
      in_group[i] = instrs[i].line < split_line ? kElse : kAfter;
      // (A borrowed load after the try: the code was visited, an else clause.)
      if (borrow_tells && in_group[i] == kAfter && borrowed_load(code_, instrs[i])) return false;
    }
    for (const bool names : {true, false}) {
      std::vector<int> users(names ? code_.names.size() : code_.consts.size(), 0);
      std::vector<std::array<int, 3>> first_lines(users.size(), {INT_MAX, INT_MAX, INT_MAX});
      for (int i = 0; i < int(instrs.size()); ++i) {
        const int at = position(i, names);
        if (at < 0) continue;
        users[at] |= in_group[i];
        if (in_group[i] != kOther && instrs[i].line > 0) {
          int& line = first_lines[at][slot(in_group[i])];
          line = std::min(line, instrs[i].line);
        }
      }
      // (Any other load of a constant, a None ending in a return too, is a use.)
      if (!names)
        for (int i = 0; i < int(instrs.size()); ++i)
          if (instrs[i].op == Op::LoadConst && instrs[i].arg >= 0 && instrs[i].arg < int(users.size()) &&
              position(i, names) < 0)
            users[instrs[i].arg] |= kOther;
      Span in_else, after, in_clauses;
      for (int at = 0; at < int(users.size()); ++at) {
        const int met = met_in(users[at]);
        if (met == kElse) in_else.add(at);
        if (met == kAfter) after.add(at);
        if (met == kClauses) in_clauses.add(at);
      }
      if (!before(in_else, in_clauses) || !before(in_clauses, after) || !before(in_else, after)) return false;
      for (int shared = 0; shared < int(users.size()); ++shared) {
        const int met = met_in(users[shared]);
        if (met == kOther || met == users[shared] || met == 0) continue;
        const int line = first_lines[shared][slot(met)];
        for (int own = 0; own < int(users.size()); ++own) {
          if (users[own] != met) continue;
          const int own_line = first_lines[own][slot(met)];
          if ((own_line < line && own > shared) || (own_line > line && own < shared)) return false;
        }
      }
    }
    return true;
  };
  const int chosen = placed == TailPlace::InElse ? count : 0;
  if (agrees(chosen)) return -1;
  // (3.14: where several splits agree, one whose else clause loads every
  // local borrowed: an else clause the optimizer visited borrows, code
  // after the try, unvisited, loads strongly, encodings.idna in a loop.)
  auto else_borrows = [&](int keep) {
    if (!borrow_tells) return true;
    const int split_line = keep < count ? starts[keep] : INT_MAX;
    return std::none_of(tail.begin(), tail.end(), [&](int i) {
      return instrs[i].op == Op::LoadFast && instrs[i].line > 0 && instrs[i].line < split_line &&
             !borrowed_load(code_, instrs[i]);
    });
  };
  // The nearest split that agrees (borrowing first).
  for (const bool need_borrows : {true, false})
    for (int distance = 1; distance <= count; ++distance)
      for (const int keep : {chosen - distance, chosen + distance})
        if (keep > 0 && keep < count && agrees(keep) && (!need_borrows || else_borrows(keep))) return keep;
  return -1;
}

}  // namespace depyf::decompile
