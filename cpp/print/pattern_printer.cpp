// match-statement patterns.
#include "print/expr_printer.hpp"

namespace depyf::print {

using namespace depyf::ast;

void ExprPrinter::pattern(std::string& out, const Pattern& p, PatternPrec required) {
  auto each = [&](const std::vector<PatternPtr>& patterns, bool first = true) {
    for (const auto& item : patterns) {
      if (!first) out += ", ";
      first = false;
      pattern(out, *item, PatternPrec::As);
    }
  };
  switch (p.kind) {
    case PatternKind::MatchValue: expr(out, *static_cast<const MatchValue&>(p).value, Prec::BitOr); return;
    case PatternKind::MatchSingleton: {
      const auto& n = static_cast<const MatchSingleton&>(p);
      if (n.value) {
        constant(out, *n.value);
      } else {
        out += "None";
      }
      return;
    }
    case PatternKind::MatchSequence:
      // Brackets rather than parentheses: `[x]` needs no trailing comma.
      out += '[';
      each(static_cast<const MatchSequence&>(p).patterns);
      out += ']';
      return;
    case PatternKind::MatchMapping: {
      const auto& n = static_cast<const MatchMapping&>(p);
      out += '{';
      for (std::size_t i = 0; i < n.keys.size() && i < n.patterns.size(); ++i) {
        if (i > 0) out += ", ";
        expr(out, *n.keys[i], Prec::BitOr);
        out += ": ";
        pattern(out, *n.patterns[i], PatternPrec::As);
      }
      if (n.rest) {
        if (!n.keys.empty()) out += ", ";
        out += "**" + *n.rest;
      }
      out += '}';
      return;
    }
    case PatternKind::MatchClass: {
      const auto& n = static_cast<const MatchClass&>(p);
      expr(out, *n.cls, Prec::Atom);
      out += '(';
      each(n.patterns);
      for (std::size_t i = 0; i < n.kwd_attrs.size() && i < n.kwd_patterns.size(); ++i) {
        if (i > 0 || !n.patterns.empty()) out += ", ";
        out += n.kwd_attrs[i] + "=";
        pattern(out, *n.kwd_patterns[i], PatternPrec::As);
      }
      out += ')';
      return;
    }
    case PatternKind::MatchStar: {
      const auto& n = static_cast<const MatchStar&>(p);
      out += '*';
      out += n.name ? *n.name : "_";
      return;
    }
    case PatternKind::MatchAs: {
      const auto& n = static_cast<const MatchAs&>(p);
      if (!n.pattern) {
        out += n.name ? *n.name : "_";
        return;
      }
      const bool parens = required > PatternPrec::As;
      if (parens) out += '(';
      pattern(out, *n.pattern, PatternPrec::Or);
      out += " as ";
      out += n.name ? *n.name : "_";
      if (parens) out += ')';
      return;
    }
    case PatternKind::MatchOr: {
      const auto& n = static_cast<const MatchOr&>(p);
      const bool parens = required > PatternPrec::Or;
      if (parens) out += '(';
      bool first = true;
      for (const auto& alternative : n.patterns) {
        if (!first) out += " | ";
        first = false;
        pattern(out, *alternative, PatternPrec::Closed);
      }
      if (parens) out += ')';
      return;
    }
  }
}

}  // namespace depyf::print
