// Where the printer starts a new physical line inside an expression: it
// mirrors the line structure of the original source, as far as the
// decompiler recorded it in Expr::lineno (the line of the instruction that
// made a node; 0 = unknown).
//
// Why: CPython 3.10 and 3.11 thread a conditional jump through the jump it
// lands on (and turn an and/or's JUMP_IF_*_OR_POP into POP_JUMP_IF_*) only
// when both carry the same line number. The jumps of an and/or carry the
// line where the and/or starts, a comprehension's filter and loop jumps the
// lines of its clauses, so `a or b and c` or a comprehension whose `if`
// clause stood on a line of its own compiles differently on one line. A new
// line before each operand or clause that began on a later line than the
// one before it gives the recompiled code the same relative line structure.
// Other versions thread regardless of lines (≤3.9 on the bytecode, 3.12+
// keep a NOP for the line where it differs, which is what the original
// did too), so the same layout is harmless there and just follows the
// original's.
//
// The printer may only break inside brackets: an and/or that breaks
// outside any gets parentheses of its own (they change no bytecode).
#pragma once

#include <string>

#include "ast/nodes_expr.hpp"

namespace depyf::print {

// The line where `e` begins in the original source: the earliest known line
// on its leftmost path (a node's own instruction may come after its
// operands, with a later line, as BINARY_OP does). 0 when none is known.
int first_line(const ast::Expr& e);

class LineBreaks {
 public:
  // A new logical line (statement, clause header) starts; continuation
  // lines get `indent`.
  void start(std::string indent) {
    indent_ = std::move(indent);
    line_ = 0;
  }

  // A piece that the printer may put on a new line (an operand of and/or
  // after the first, a `for`/`if` clause of a comprehension) begins at
  // original line `line`: appends a newline and the continuation indent
  // when it began on a later line than everything before it and a break is
  // allowed here. Returns whether it broke the line.
  bool before_piece(std::string& out, int line);
  // A piece before which the printer never breaks (the first operand, a
  // comprehension's element): the text after it continues its line.
  void note_piece(int line) {
    if (line > line_) line_ = line;
  }

  bool inside_brackets() const { return brackets_ > 0; }
  // How many times the printer broke a line so far.
  int breaks() const { return breaks_; }

  // RAII: inside brackets (a line may break) / inside an f-string field
  // (a line may not: before 3.12 a replacement field cannot hold one).
  class Scope {
   public:
    Scope(int& counter) : counter_(counter) { ++counter_; }
    ~Scope() { --counter_; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    int& counter_;
  };
  Scope bracketed() { return Scope(brackets_); }
  Scope suppressed() { return Scope(suppressed_); }

 private:
  std::string indent_ = "        ";
  int line_ = 0;  // the original line the current physical line stands for
  int brackets_ = 0;
  int suppressed_ = 0;
  int breaks_ = 0;
};

}  // namespace depyf::print
