// The printer's line breaks inside expressions (see line_breaks.hpp).
#include "print/line_breaks.hpp"

#include <algorithm>

namespace depyf::print {

using namespace depyf::ast;

namespace {

// The child whose text comes first in the source, if it is not the node's
// own keyword or bracket alone.
const Expr* leftmost_child(const Expr& e) {
  auto first = [](const std::vector<ExprPtr>& items) { return items.empty() ? nullptr : items.front().get(); };
  switch (e.kind) {
    case ExprKind::BoolOp: return first(static_cast<const BoolOp&>(e).values);
    case ExprKind::NamedExpr: return static_cast<const NamedExpr&>(e).target.get();
    case ExprKind::BinOp: return static_cast<const BinOp&>(e).left.get();
    case ExprKind::UnaryOp: return static_cast<const UnaryOp&>(e).operand.get();
    case ExprKind::Lambda: return static_cast<const Lambda&>(e).body.get();
    case ExprKind::IfExp: return static_cast<const IfExp&>(e).body.get();
    case ExprKind::Dict: {
      const auto& d = static_cast<const Dict&>(e);
      if (!d.keys.empty() && d.keys.front()) return d.keys.front().get();
      return first(d.values);
    }
    case ExprKind::Set: return first(static_cast<const Set&>(e).elts);
    case ExprKind::ListComp: return static_cast<const ListComp&>(e).elt.get();
    case ExprKind::SetComp: return static_cast<const SetComp&>(e).elt.get();
    case ExprKind::DictComp: return static_cast<const DictComp&>(e).key.get();
    case ExprKind::GeneratorExp: return static_cast<const GeneratorExp&>(e).elt.get();
    case ExprKind::Await: return static_cast<const Await&>(e).value.get();
    case ExprKind::Yield: return static_cast<const Yield&>(e).value.get();
    case ExprKind::YieldFrom: return static_cast<const YieldFrom&>(e).value.get();
    case ExprKind::Compare: return static_cast<const Compare&>(e).left.get();
    case ExprKind::Call: return static_cast<const Call&>(e).func.get();
    case ExprKind::FormattedValue: return static_cast<const FormattedValue&>(e).value.get();
    case ExprKind::JoinedStr: return first(static_cast<const JoinedStr&>(e).values);
    case ExprKind::Interpolation: return static_cast<const Interpolation&>(e).value.get();
    case ExprKind::TemplateStr: return first(static_cast<const TemplateStr&>(e).values);
    case ExprKind::Attribute: return static_cast<const Attribute&>(e).value.get();
    case ExprKind::Subscript: return static_cast<const Subscript&>(e).value.get();
    case ExprKind::Starred: return static_cast<const Starred&>(e).value.get();
    case ExprKind::List: return first(static_cast<const List&>(e).elts);
    case ExprKind::Tuple: return first(static_cast<const Tuple&>(e).elts);
    case ExprKind::Slice: {
      const auto& s = static_cast<const Slice&>(e);
      return s.lower ? s.lower.get() : s.upper ? s.upper.get() : s.step.get();
    }
    case ExprKind::Constant:
    case ExprKind::Name: return nullptr;
  }
  return nullptr;
}

}  // namespace

int first_line(const Expr& e) {
  int line = 0;
  for (const Expr* node = &e; node != nullptr; node = leftmost_child(*node)) {
    if (node->lineno > 0) line = line == 0 ? node->lineno : std::min(line, node->lineno);
  }
  return line;
}

bool LineBreaks::before_piece(std::string& out, int line) {
  const bool breaks = line > 0 && line_ > 0 && line > line_ && brackets_ > 0 && suppressed_ == 0;
  note_piece(line);
  if (!breaks) return false;
  out += '\n';
  out += indent_;
  ++breaks_;
  return true;
}

}  // namespace depyf::print
