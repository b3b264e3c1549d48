// Statements and the public entry points.
#include <algorithm>
#include <utility>

#include "print/expr_printer.hpp"
#include "print/printer.hpp"
#include "print/private_names.hpp"
#include "print/string_literal.hpp"

namespace depyf::print {

using namespace depyf::ast;

namespace {

const ast::Constant* docstring_of(const Body& body) {
  if (body.empty()) return nullptr;
  const auto* statement = as<ExprStmt>(body[0]);
  if (statement == nullptr) return nullptr;
  const auto* c = as<ast::Constant>(statement->value);
  if (c == nullptr || !c->value || c->value->kind != depyf::Constant::Kind::Str || c->kind_prefix) return nullptr;
  return c;
}

class StmtPrinter {
 public:
  StmtPrinter(const PrintOptions& options, std::string& out) : options_(options), ex_(options), out_(out) {}

  void body(const Body& statements, int depth) {
    if (statements.empty()) {
      line(depth, "pass");
      return;
    }
    std::size_t start = 0;
    if (const auto* doc = docstring_of(statements)) {
      line(depth, docstring_literal(doc->value->text));
      start = 1;
    }
    std::size_t previous = 0;  // where the previous statement's text starts
    for (std::size_t i = start; i < statements.size(); ++i) {
      const std::size_t begin = out_.size();
      stmt(*statements[i], depth);
      const bool joined = i > start && joins_previous(*statements[i - 1], *statements[i]) &&
                          join_last_line(previous, begin);
      if (!joined) previous = begin;
    }
  }

  // The statements of a module: like a block, but empty means no text.
  void module(const Module& module) {
    if (!module.body.empty()) body(module.body, 0);
  }

  void stmt(const Stmt& s, int depth);

 private:
  // 3.14+: a STORE_FAST and the next statement's LOAD_FAST on one line fuse
  // into STORE_FAST_LOAD_FAST, whose load is never borrowed; on two lines
  // the load is LOAD_FAST_BORROW. Simple statements written on one line
  // (`partial = 0; n = n - 1`) are printed on one line again.
  bool joins_previous(const Stmt& before, const Stmt& after, bool before_is_header = false) const {
    if (options_.target < PythonVersion{3, 14} || before.lineno <= 0 || before.lineno != after.lineno) return false;
    if (before_is_header)
      return after.kind == StmtKind::Assign || after.kind == StmtKind::AugAssign || after.kind == StmtKind::Expr;
    auto simple = [](const Stmt& s, bool second) {
      switch (s.kind) {
        case StmtKind::Assign:
        case StmtKind::AugAssign:
        case StmtKind::Expr:
        case StmtKind::Delete: return true;
        case StmtKind::Return: return second;
        default: return false;
      }
    };
    return simple(before, false) && simple(after, true);
  }
  // The statement printed from `second` joins the one printed from `first`
  // with `; ` (or after a clause header's colon, with `separator` " "),
  // when each took one line.
  bool join_last_line(std::size_t first, std::size_t second, const char* separator = "; ") {
    if (first >= second || second >= out_.size()) return false;
    const std::size_t first_newline = out_.find('\n', first);
    if (first_newline + 1 != second || out_.find('\n', second) + 1 != out_.size()) return false;
    std::size_t text = second;
    while (text < out_.size() && out_[text] == ' ') ++text;
    std::string joined = separator + out_.substr(text);
    out_.resize(first_newline);
    out_ += joined;
    return true;
  }

  void line(int depth, const std::string& text) {
    for (int i = 0; i < depth; ++i) out_ += options_.indent;
    out_ += text;
    out_ += '\n';
  }
  // A statement or clause header at `depth` starts: lines that its
  // expressions break (line_breaks.hpp) continue two levels deeper.
  void logical_line(int depth) {
    std::string indent;
    for (int i = 0; i < depth + 2; ++i) indent += options_.indent;
    ex_.line_breaks().start(std::move(indent));
  }
  std::string expr(const Expr& e, Prec required) { return ex_.to_string(e, required); }
  std::string element(const Expr& e) {
    std::string text;
    ex_.element(text, e);
    return text;
  }
  // A value that may be a bare tuple; before 3.9 a starred item forces
  // parentheses in `for ... in` (3.8's grammar had no star there).
  std::string tuple_value(const Expr& e, bool star_needs_py39) {
    if (const auto* t = as<Tuple>(&e); star_needs_py39 && t && options_.target < PythonVersion{3, 9}) {
      for (const auto& item : t->elts) {
        if (item->kind == ExprKind::Starred) return expr(e, Prec::Atom);
      }
    }
    return expr(e, Prec::Tuple);
  }
  void block(int depth, const std::string& header, const Body& statements) {
    line(depth, header + ":");
    body(statements, depth + 1);
  }
  void decorators(int depth, const std::vector<ExprPtr>& list) {
    for (const auto& d : list) {
      line(depth, "@" + (options_.target >= PythonVersion{3, 9} ? element(*d) : expr(*d, Prec::Test)));
    }
  }
  template <class F>
  void function(const F& f, int depth, bool is_async) {
    decorators(depth, f.decorator_list);
    std::string header = is_async ? "async def " : "def ";
    header += ex_.source_name(f.name);
    ex_.type_params(header, f.type_params);
    header += '(';
    if (f.args) ex_.arguments(header, *f.args, true);
    header += ')';
    if (f.returns) header += " -> " + expr(*f.returns, Prec::Test);
    block(depth, header, f.body);
  }
  template <class F>
  void for_loop(const F& f, int depth, bool is_async) {
    std::string header = is_async ? "async for " : "for ";
    header += expr(*f.target, Prec::Tuple) + " in " + tuple_value(*f.iter, true);
    const std::size_t begin = out_.size();
    block(depth, header, f.body);
    // 3.14+: the loop's STORE_FAST of its target and the body's first
    // LOAD_FAST fuse (STORE_FAST_LOAD_FAST, never borrowed) when the body
    // stood on the header's line, `for c in self: i = i + 1`: printed so
    // again (see joins_previous).
    if (f.orelse.empty() && f.body.size() == 1 && f.lineno > 0 && joins_previous(f, *f.body[0], true))
      join_last_line(begin, out_.find('\n', begin) + 1, " ");
    if (!f.orelse.empty()) block(depth, "else", f.orelse);
  }
  template <class W>
  void with(const W& w, int depth, bool is_async) {
    std::string header = is_async ? "async with " : "with ";
    for (std::size_t i = 0; i < w.items.size(); ++i) {
      const WithItem& item = w.items[i];
      if (i > 0) header += ", ";
      std::string context = expr(*item.context_expr, Prec::Test);
      // `with (a, b):` is two context managers since 3.9; a lone tuple
      // needs a second pair of parentheses to stay one.
      if (w.items.size() == 1 && !item.optional_vars && item.context_expr->kind == ExprKind::Tuple) {
        context = "(" + context + ")";
      }
      header += context;
      if (item.optional_vars) header += " as " + expr(*item.optional_vars, Prec::Test);
    }
    block(depth, header, w.body);
  }
  template <class T>
  void try_statement(const T& t, int depth, bool star) {
    block(depth, "try", t.body);
    for (const auto& handler : t.handlers) {
      logical_line(depth);
      std::string header = star ? "except*" : "except";
      if (handler.type) header += " " + expr(*handler.type, Prec::Test);
      if (handler.name) header += " as " + ex_.source_name(*handler.name);
      block(depth, header, handler.body);
    }
    if (!t.orelse.empty()) block(depth, "else", t.orelse);
    if (!t.finalbody.empty()) block(depth, "finally", t.finalbody);
  }
  void if_chain(const If& s, int depth, const char* keyword) {
    logical_line(depth);
    block(depth, std::string(keyword) + " " + element(*s.test), s.body);
    if (s.orelse.size() == 1 && s.orelse[0]->kind == StmtKind::If) {
      if_chain(static_cast<const If&>(*s.orelse[0]), depth, "elif");
    } else if (!s.orelse.empty()) {
      block(depth, "else", s.orelse);
    }
  }
  std::string join_names(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + ex_.source_name(names[i]);
    return out;
  }
  std::string aliases(const std::vector<Alias>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (i) out += ", ";
      out += ex_.source_name(names[i].name);
      if (names[i].asname) out += " as " + ex_.source_name(*names[i].asname);
    }
    return out;
  }

  const PrintOptions& options_;
  ExprPrinter ex_;
  std::string& out_;
};

void StmtPrinter::stmt(const Stmt& s, int depth) {
  logical_line(depth);
  switch (s.kind) {
    case StmtKind::FunctionDef: function(static_cast<const FunctionDef&>(s), depth, false); return;
    case StmtKind::AsyncFunctionDef: function(static_cast<const AsyncFunctionDef&>(s), depth, true); return;
    case StmtKind::ClassDef: {
      const auto& n = static_cast<const ClassDef&>(s);
      decorators(depth, n.decorator_list);
      const std::string name = ex_.source_name(n.name);
      std::string header = "class " + name;
      ex_.type_params(header, n.type_params);
      if (!n.bases.empty() || !n.keywords.empty()) {
        header += '(';
        ex_.call_arguments(header, n.bases, n.keywords);
        header += ')';
      }
      // The body mangles with this class's name, whatever encloses it.
      const std::string outer_prefix = std::exchange(ex_.private_prefix(), mangling_prefix(name));
      block(depth, header, n.body);
      ex_.private_prefix() = outer_prefix;
      return;
    }
    case StmtKind::Return: {
      const auto& n = static_cast<const Return&>(s);
      line(depth, n.value ? "return " + expr(*n.value, Prec::Tuple) : "return");
      return;
    }
    case StmtKind::Delete: {
      const auto& n = static_cast<const Delete&>(s);
      std::string text = "del ";
      for (std::size_t i = 0; i < n.targets.size(); ++i) {
        if (i) text += ", ";
        text += expr(*n.targets[i], Prec::Test);  // a tuple target keeps its parentheses
      }
      line(depth, text);
      return;
    }
    case StmtKind::Assign: {
      const auto& n = static_cast<const Assign&>(s);
      std::string text;
      for (const auto& target : n.targets) text += expr(*target, Prec::Tuple) + " = ";
      line(depth, text + expr(*n.value, Prec::Yield));
      return;
    }
    case StmtKind::TypeAlias: {
      const auto& n = static_cast<const TypeAlias&>(s);
      std::string text = "type " + expr(*n.name, Prec::Atom);
      ex_.type_params(text, n.type_params);
      line(depth, text + " = " + expr(*n.value, Prec::Test));
      return;
    }
    case StmtKind::AugAssign: {
      const auto& n = static_cast<const AugAssign&>(s);
      line(depth, expr(*n.target, Prec::Test) + " " + std::string(symbol(n.op)) + "= " + expr(*n.value, Prec::Yield));
      return;
    }
    case StmtKind::AnnAssign: {
      const auto& n = static_cast<const AnnAssign&>(s);
      std::string target = expr(*n.target, Prec::Test);
      // simple=0 marks a parenthesised name, which is not a local declaration.
      if (!n.simple && n.target->kind == ExprKind::Name) target = "(" + target + ")";
      std::string text = target + ": " + expr(*n.annotation, Prec::Test);
      if (n.value) text += " = " + expr(*n.value, Prec::Yield);
      line(depth, text);
      return;
    }
    case StmtKind::For: for_loop(static_cast<const For&>(s), depth, false); return;
    case StmtKind::AsyncFor: for_loop(static_cast<const AsyncFor&>(s), depth, true); return;
    case StmtKind::While: {
      const auto& n = static_cast<const While&>(s);
      block(depth, "while " + element(*n.test), n.body);
      if (!n.orelse.empty()) block(depth, "else", n.orelse);
      return;
    }
    case StmtKind::If: if_chain(static_cast<const If&>(s), depth, "if"); return;
    case StmtKind::With: with(static_cast<const With&>(s), depth, false); return;
    case StmtKind::AsyncWith: with(static_cast<const AsyncWith&>(s), depth, true); return;
    case StmtKind::Match: {
      const auto& n = static_cast<const Match&>(s);
      const std::string subject =
          n.subject->kind == ExprKind::Tuple ? expr(*n.subject, Prec::Tuple) : element(*n.subject);
      line(depth, "match " + subject + ":");
      for (const auto& c : n.cases) {
        logical_line(depth + 1);
        std::string header = "case ";
        ex_.pattern(header, *c.pattern, PatternPrec::As);
        if (c.guard) header += " if " + element(*c.guard);
        block(depth + 1, header, c.body);
      }
      return;
    }
    case StmtKind::Raise: {
      const auto& n = static_cast<const Raise&>(s);
      std::string text = "raise";
      if (n.exc) text += " " + expr(*n.exc, Prec::Test);
      if (n.cause) text += " from " + expr(*n.cause, Prec::Test);
      line(depth, text);
      return;
    }
    case StmtKind::Try: try_statement(static_cast<const Try&>(s), depth, false); return;
    case StmtKind::TryStar: try_statement(static_cast<const TryStar&>(s), depth, true); return;
    case StmtKind::Assert: {
      const auto& n = static_cast<const Assert&>(s);
      std::string text = "assert " + expr(*n.test, Prec::Test);
      if (n.msg) text += ", " + expr(*n.msg, Prec::Test);
      line(depth, text);
      return;
    }
    case StmtKind::Import: {
      const auto& n = static_cast<const Import&>(s);
      line(depth, std::string(n.is_lazy ? "lazy " : "") + "import " + aliases(n.names));
      return;
    }
    case StmtKind::ImportFrom: {
      const auto& n = static_cast<const ImportFrom&>(s);
      std::string text = std::string(n.is_lazy ? "lazy " : "") + "from " +
                         std::string(static_cast<std::size_t>(std::max(n.level, 0)), '.');
      if (n.module) text += *n.module;
      line(depth, text + " import " + aliases(n.names));
      return;
    }
    case StmtKind::Global: line(depth, "global " + join_names(static_cast<const Global&>(s).names)); return;
    case StmtKind::Nonlocal: line(depth, "nonlocal " + join_names(static_cast<const Nonlocal&>(s).names)); return;
    case StmtKind::Expr: line(depth, expr(*static_cast<const ExprStmt&>(s).value, Prec::Yield)); return;
    case StmtKind::Pass: line(depth, "pass"); return;
    case StmtKind::Break: line(depth, "break"); return;
    case StmtKind::Continue: line(depth, "continue"); return;
    case StmtKind::Comment: {
      const std::string& text = static_cast<const Comment&>(s).text;
      std::size_t start = 0;
      while (true) {
        const std::size_t end = text.find('\n', start);
        const std::string piece = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        line(depth, piece.empty() ? "#" : "# " + piece);
        if (end == std::string::npos) break;
        start = end + 1;
      }
      return;
    }
  }
}

}  // namespace

std::string print_module(const Module& module, const PrintOptions& options) {
  std::string out;
  StmtPrinter(options, out).module(module);
  return out;
}

std::string print_stmt(const Stmt& stmt, const PrintOptions& options, int depth) {
  std::string out;
  StmtPrinter(options, out).stmt(stmt, depth);
  return out;
}

std::string print_expr(const Expr& expr, const PrintOptions& options) {
  return ExprPrinter(options).to_string(expr, Prec::Test);
}

std::string print_pattern(const Pattern& pattern, const PrintOptions& options) {
  std::string out;
  ExprPrinter(options).pattern(out, pattern, PatternPrec::As);
  return out;
}

}  // namespace depyf::print
