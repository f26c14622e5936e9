#include "mlp/points_csv.hpp"

#include <cstdio>

#include "text_input.hpp"

namespace al {

namespace {

constexpr const char* field_names[3] = {"x0", "x1", "label"};

std::string_view trimmed(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

// The header the CLI writes, or the one spreadsheets often carry (x,y,label), either separator,
// its names quoted or not.
bool is_header(std::string_view line, char separator) {
    std::string lower;
    for (char c : line)
        if (c != ' ' && c != '\t' && c != '\r' && c != '"')
            lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    const std::string sep(1, separator);
    return lower == "x0" + sep + "x1" + sep + "label" || lower == "x" + sep + "y" + sep + "label";
}

// One field as a spreadsheet may write it: "0,5" in double quotes (a separator inside them is
// text, "" a quote), or bare. Returns the text between the quotes, and whether there were any.
std::string unquoted(std::string_view field, bool& quoted) {
    field = trimmed(field);
    quoted = field.size() >= 2 && field.front() == '"' && field.back() == '"';
    if (!quoted) return std::string(field);
    std::string out;
    for (std::size_t i = 1; i + 1 < field.size(); ++i) {
        out += field[i];
        if (field[i] == '"' && field[i + 1] == '"') ++i;  // "" inside quotes is one quote
    }
    return out;
}

// "" and v[0..2] set, or the message for this line. With ';' between fields (as spreadsheets in
// decimal-comma locales write CSV), or inside quotes, a field's decimal comma is its decimal
// point: "0,5;1,2;1", "\"0,5\",\"1,2\",1".
std::string read_line(std::string_view line, char separator, const std::string& at,
                      double (&v)[3]) {
    std::string_view fields[3];
    std::size_t count = 0;
    bool in_quotes = false;
    for (std::size_t start = 0, i = 0;; ++i) {
        if (i < line.size() && line[i] == '"') in_quotes = !in_quotes;  // "" toggles twice
        if (i < line.size() && (line[i] != separator || in_quotes)) continue;
        if (count < 3) fields[count] = line.substr(start, i - start);
        ++count;
        if (i >= line.size()) break;
        start = i + 1;
    }
    if (count != 3) {
        const std::string sep(1, separator);
        return at + "expected 3 fields x0" + sep + "x1" + sep + "label (got " +
               std::to_string(count) + ")";
    }
    for (std::size_t j = 0; j < 3; ++j) {
        bool quoted = false;
        std::string field = unquoted(fields[j], quoted);
        if (separator == ';' || quoted)
            for (char& c : field)
                if (c == ',') c = '.';
        const std::optional<double> x = parse_number(field, NumberKind::any);
        if (!x) return at + field_names[j] + " is not a number: " + quote_input(trimmed(fields[j]));
        v[j] = *x;
    }
    return check_point(v[0], v[1], v[2], {at + "x0", at + "x1", at + "label"});
}

}  // namespace

std::optional<Points> points_from_csv(std::string_view text, std::string& error) {
    if (text.size() > limits::points_csv_max_bytes) {
        error =
            "the file is larger than " + std::to_string(limits::points_csv_max_bytes) + " bytes";
        return std::nullopt;
    }
    text = strip_bom(text);
    Points p;
    bool first = true;
    char separator = ',';  // or ';', as the file's first line has it
    std::size_t number = 0;
    for (std::size_t start = 0; start <= text.size();) {
        // A line ends at \n, \r\n or a lone \r (old spreadsheets on the Mac write those).
        std::size_t end = text.find_first_of("\r\n", start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = trimmed(text.substr(start, end - start));
        start = end + (text.compare(end, 2, "\r\n") == 0 ? 2 : 1);
        ++number;
        if (line.empty()) continue;
        if (first && line.find(';') != std::string_view::npos) separator = ';';
        if (first && is_header(line, separator)) {
            first = false;
            continue;
        }
        first = false;
        const std::string at = "line " + std::to_string(number) + ": ";
        if (p.size() == static_cast<std::size_t>(limits::points.hi)) {
            error = at + "more than " + number_text(limits::points.hi) + " points";
            return std::nullopt;
        }
        double v[3];
        if (!(error = read_line(line, separator, at, v)).empty()) return std::nullopt;
        p.x.push_back(v[0]);
        p.x.push_back(v[1]);
        p.y.push_back(static_cast<int>(v[2]));
    }
    if (!(error = check_point_count(p.size(), "the file")).empty() ||
        !(error = check_both_labels(p, "the file")).empty())
        return std::nullopt;
    return p;
}

std::string points_to_csv(const Points& p) {
    std::string out = "x0,x1,label\n";
    char buf[64];
    for (std::size_t i = 0; i < p.size(); ++i) {
        std::snprintf(buf, sizeof buf, "%.17g,%.17g,%d\n", p.x[2 * i], p.x[2 * i + 1], p.y[i]);
        out += buf;
    }
    return out;
}

}  // namespace al
