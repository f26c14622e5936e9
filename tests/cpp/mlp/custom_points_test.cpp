// A reader's own data (dataset custom): the config's points, the CSV reader and writer, one
// message for every refusal; and the neuron maps, the output of a hidden layer over the grid.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "config_error.hpp"
#include "mlp/config.hpp"
#include "mlp/experiment.hpp"
#include "mlp/moons.hpp"
#include "mlp/points_csv.hpp"

using al::test::config_json_error;

namespace {

std::string csv_error(const std::string& text) {
    std::string e;
    const auto p = al::points_from_csv(text, e);
    return p ? std::string("(ok)") : e;
}

// n points alternating labels 0, 1 on a line, as JSON rows: [[0,-1,0],[0.5,-0.75,1],...].
std::string rows_json(int n, const std::string& replace_row = "", int at = -1) {
    std::string s = "[";
    for (int i = 0; i < n; ++i) {
        if (i) s += ",";
        if (i == at) {
            s += replace_row;
            continue;
        }
        s += "[" + std::to_string((i % 20) * 0.5) + "," + std::to_string((i % 8) * 0.25 - 1) + "," +
             std::to_string(i % 2) + "]";
    }
    return s + "]";
}

std::string custom(const std::string& points, const std::string& more = "") {
    return "{\"dataset\":\"custom\",\"points\":" + points + more + "}";
}

std::string csv_lines(int n) {
    std::string s;
    for (int i = 0; i < n; ++i)
        s += std::to_string((i % 100) * 0.1) + "," + std::to_string((i % 90) * 0.1) + "," +
             std::to_string(i % 2) + "\n";
    return s;
}

}  // namespace

TEST_CASE("custom: the points in order, n derived, the JSON round trip") {
    std::string e;
    const auto c = al::config_from_json(custom(rows_json(12), ",\"n\":500,\"noise\":1"), e);
    REQUIRE_MESSAGE(c, e);
    CHECK(c->dataset == al::DataSet::custom);
    CHECK(c->n == 12);
    REQUIRE(c->points.size() == 12);
    CHECK(c->points.x[2 * 3] == 1.5);
    CHECK(c->points.x[2 * 3 + 1] == -0.25);
    CHECK(c->points.y[3] == 1);
    const std::string text = al::config_to_json(*c);
    CHECK(text.find("\"n\":12,") != std::string::npos);
    CHECK(text.find(",\"points\":[[0,-1,0],[0.5,-0.75,1],") != std::string::npos);
    const auto again = al::config_from_json(text, e);
    REQUIRE(again);
    CHECK(al::config_to_json(*again) == text);
    // The other sets write no points: their JSON is as before.
    CHECK(al::config_to_json(al::default_config()).find("points") == std::string::npos);
}

TEST_CASE("custom: the same points and data_seed give the generated set's run, epoch for epoch") {
    al::Config moons;
    moons.n = 120;
    moons.noise = 0.2;
    moons.data_seed = 7;
    moons.hidden = {8, 8};
    moons.epochs = 3;
    moons.val_fraction = 0.2;
    al::Config own = moons;
    own.dataset = al::DataSet::custom;
    own.points = al::make_moons(120, 0.2, 7);
    own.noise = 0.5;  // does not apply
    REQUIRE(al::validate(own).empty());
    al::Experiment a(moons), b(own);
    for (al::Subset s : {al::Subset::train, al::Subset::val, al::Subset::test}) {
        CHECK(a.data(s).x == b.data(s).x);
        CHECK(a.data(s).y == b.data(s).y);
    }
    while (a.step() && b.step()) {
    }
    REQUIRE(a.history().size() == 3);
    REQUIRE(b.history().size() == 3);
    for (std::size_t i = 0; i < 3; ++i)
        CHECK(a.history()[i].train_loss == b.history()[i].train_loss);
    CHECK(a.state_json() == b.state_json());
}

TEST_CASE("custom: every refusal names the field, 0-based points") {
    CHECK(config_json_error("{\"dataset\":\"custom\"}") ==
          "dataset custom needs points: an array of [x0, x1, label]");
    CHECK(config_json_error("{\"points\":" + rows_json(10) + "}") ==
          "points applies to dataset custom only (dataset is moons)");
    CHECK(config_json_error("{\"points\":" + rows_json(10) + ",\"dataset\":\"xor\"}") ==
          "points applies to dataset custom only (dataset is xor)");
    CHECK(config_json_error(custom("3")) ==
          "points must be an array of [x0, x1, label] (got a number)");
    CHECK(config_json_error(custom(rows_json(9))) == "points must hold 10 to 2000 points (got 9)");
    CHECK(config_json_error(custom(rows_json(2001))) ==
          "points must hold 10 to 2000 points (got 2001)");
    CHECK(config_json_error(custom(rows_json(10, "[1,2]", 3))) ==
          "points[3] must be an array [x0, x1, label] (got 2 values)");
    CHECK(config_json_error(custom(rows_json(10, "7", 0))) ==
          "points[0] must be an array [x0, x1, label] (got a number)");
    CHECK(config_json_error(custom(rows_json(10, "[1,\"a\",0]", 3))) ==
          "points[3][1] must be a number (got a string)");
    CHECK(config_json_error(custom(rows_json(10, "[11,0,0]", 4))) ==
          "points[4][0] must be a number in [-10, 10] (got 11)");
    CHECK(config_json_error(custom(rows_json(10, "[0,-10.5,0]", 4))) ==
          "points[4][1] must be a number in [-10, 10] (got -10.5)");
    CHECK(config_json_error(custom(rows_json(10, "[0,0,2]", 9))) ==
          "points[9][2] must be 0 or 1 (got 2)");
    CHECK(config_json_error(custom(rows_json(10, "[0,0,0.5]", 9))) ==
          "points[9][2] must be 0 or 1 (got 0.5)");
    CHECK(
        config_json_error(custom("[[0,0,1],[1,1,1],[2,2,1],[3,3,1],[4,4,1],[5,5,1],[6,6,1],[7,7,1],"
                                 "[8,8,1],[9,9,1]]")) ==
        "points must hold both labels, 0 and 1 (all 10 points have label 1)");
    // The split's and the work budget's rules hold as for the generated sets.
    CHECK(
        config_json_error(custom(rows_json(10), ",\"test_fraction\":0.45,\"val_fraction\":0.45")) ==
        "val_fraction 0.45 with test_fraction 0.45 leaves no training data for n = 10");
    CHECK(config_json_error(custom(rows_json(2000), ",\"hidden\":\"512x5\""))
              .rfind("hidden × n must be at most the work budget", 0) == 0);
    // A config built in C++: non-finite values and a wrong n are refused too.
    al::Config c;
    c.dataset = al::DataSet::custom;
    c.points = al::make_moons(20, 0.1, 1);
    c.n = 20;
    CHECK(al::validate(c).empty());
    c.n = 2000;
    CHECK(al::validate(c) == "n must be the number of points (20) for dataset custom (got 2000)");
    c.n = 20;
    c.points.x[2 * 5 + 1] = std::numeric_limits<double>::quiet_NaN();
    CHECK(al::validate(c) == "points[5][1] must be a number in [-10, 10] (got NaN)");
    c.points.x[2 * 5 + 1] = std::numeric_limits<double>::infinity();
    CHECK(al::validate(c) == "points[5][1] must be a number in [-10, 10] (got inf)");
}

TEST_CASE("custom: 2000 points at full precision fit a config's text; the limits are published") {
    const al::Points p = al::make_moons(2000, 0.3, 3);
    al::Config c;
    c.dataset = al::DataSet::custom;
    c.points = p;
    c.n = 2000;
    const std::string text = al::config_to_json(c);
    CHECK(text.size() > al::settings_max_bytes);
    std::string e;
    const auto back = al::config_from_json(text, e);
    REQUIRE_MESSAGE(back, e);
    CHECK(back->points.x == p.x);
    CHECK(back->points.y == p.y);
    CHECK(config_json_error(std::string(al::config_max_bytes + 1, ' ')).rfind("JSON: ", 0) == 0);
    CHECK(al::config_limits_json().find(
              ",\"points\":{\"min\":10,\"max\":2000,\"coord_max\":10,\"csv_max_bytes\":262144}}") !=
          std::string::npos);
}

TEST_CASE("CSV: what moons/data write reads back exactly; header, CRLF, BOM, blanks optional") {
    const al::Points p = al::make_moons(50, 0.2, 7);
    const std::string text = al::points_to_csv(p);
    CHECK(text.rfind("x0,x1,label\n", 0) == 0);
    std::string e;
    const auto back = al::points_from_csv(text, e);
    REQUIRE_MESSAGE(back, e);
    CHECK(back->x == p.x);
    CHECK(back->y == p.y);
    std::string crlf = "\xEF\xBB\xBF X0 , x1,Label \r\n";
    for (std::size_t i = 0; i < p.size(); ++i)
        crlf += " " + std::to_string(p.x[2 * i]) + " ,\t" + std::to_string(p.x[2 * i + 1]) + "," +
                (p.y[i] ? "1.0" : "0") + "\r\n" + (i == 3 ? "\r\n" : "");
    const auto windows = al::points_from_csv(crlf + "\r\n\n", e);
    REQUIRE_MESSAGE(windows, e);
    CHECK(windows->size() == 50);
    CHECK(windows->y == p.y);
    CHECK(csv_error(csv_lines(10)) == "(ok)");
    CHECK(csv_error("1e-5,-2E+0,1\n" + csv_lines(9)) == "(ok)");
}

TEST_CASE("CSV: spreadsheets' forms: an x,y,label header; ';' between fields, decimal commas") {
    std::string e;
    const auto xy = al::points_from_csv("x,y,label\n" + csv_lines(10), e);
    REQUIRE_MESSAGE(xy, e);
    CHECK(xy->size() == 10);
    std::string semi = "X;Y;Label\r\n";
    std::string dots = "x0,x1,label\n";
    for (int i = 0; i < 12; ++i) {
        semi += std::to_string(i / 2) + ",5;-1,25;" + std::to_string(i % 2) + "\r\n";
        dots += std::to_string(i / 2) + ".5,-1.25," + std::to_string(i % 2) + "\n";
    }
    const auto comma = al::points_from_csv(semi, e);
    REQUIRE_MESSAGE(comma, e);
    const auto point = al::points_from_csv(dots, e);
    REQUIRE_MESSAGE(point, e);
    CHECK(comma->x == point->x);  // 0,5;-1,25;1 is 0.5, -1.25, label 1
    CHECK(comma->y == point->y);
    CHECK(comma->x[2] == 0.5);
    CHECK(csv_error("0.5;1;0\n" + std::string("0,5;1;1\n") + csv_lines(0)) ==
          "the file must hold 10 to 2000 points (got 2)");
    // the first line decides: ';' files want ';' on every line, and say so
    CHECK(csv_error("x0;x1;label\n0,5;1;0\n1,5,1,1\n") ==
          "line 3: expected 3 fields x0;x1;label (got 1)");
    CHECK(csv_error("x;y;label\n1,000,5;1;0\n") == "line 2: x0 is not a number: '1,000,5'");
    CHECK(csv_error("x;y;label\n1.000,5;1;0\n") == "line 2: x0 is not a number: '1.000,5'");
}

TEST_CASE("CSV: as spreadsheets also write it: lone CR line ends, quoted fields and headers") {
    std::string e;
    std::string lf = "x0,x1,label\n", cr = "x0,x1,label\r", quoted = "\"x0\",\"x1\",\"label\"\r\n";
    std::string semi = "\"x\";\"y\";\"label\"\n";
    for (int i = 0; i < 12; ++i) {
        const std::string a = std::to_string(i / 2), b = std::to_string(i % 2);
        lf += a + ".5,-1.25," + b + "\n";
        cr += a + ".5,-1.25," + b + "\r";
        quoted += "\"" + a + ",5\",\"-1,25\"," + b + "\r\n";  // decimal commas inside quotes
        semi += "\"" + a + ",5\";-1,25;\"" + b + "\"\n";
    }
    const auto want = al::points_from_csv(lf, e);
    REQUIRE_MESSAGE(want, e);
    for (const std::string& text : {cr, quoted, semi}) {
        const auto got = al::points_from_csv(text, e);
        REQUIRE_MESSAGE(got, e);
        CHECK(got->x == want->x);
        CHECK(got->y == want->y);
    }
    // Lines are still counted one per line end, whichever it is; quotes hold a separator.
    CHECK(csv_error("x0,x1,label\r0,abc,1\r") == "line 2: x1 is not a number: 'abc'");
    CHECK(csv_error("x0,x1,label\r\n\r1,2\n") == "line 3: expected 3 fields x0,x1,label (got 2)");
    CHECK(csv_error("x0,x1,label\n\"1,2\",\"3\"\n") ==
          "line 2: expected 3 fields x0,x1,label (got 2)");
    CHECK(csv_error("x0,x1,label\n\"a\"\"b\",1,0\n") == "line 2: x0 is not a number: '\"a\"\"b\"'");
}

TEST_CASE("CSV: every refusal is one line naming the line (1-based)") {
    const std::string h = "x0,x1,label\n";
    CHECK(csv_error("") == "the file must hold 10 to 2000 points (got 0)");
    CHECK(csv_error(h + csv_lines(9)) == "the file must hold 10 to 2000 points (got 9)");
    CHECK(csv_error(h + "1,2\n" + csv_lines(10)) ==
          "line 2: expected 3 fields x0,x1,label (got 2)");
    CHECK(csv_error(csv_lines(2) + "1,2,0,4\n") == "line 3: expected 3 fields x0,x1,label (got 4)");
    CHECK(csv_error(h + csv_lines(1) + "0,abc,1\n") == "line 3: x1 is not a number: 'abc'");
    CHECK(csv_error("x,z,label\n" + csv_lines(10)) == "line 1: x0 is not a number: 'x'");
    CHECK(csv_error(h + ",1,0\n") == "line 2: x0 is not a number: ''");
    CHECK(csv_error(h + "0x10,1,0\n") == "line 2: x0 is not a number: '0x10'");
    CHECK(csv_error(h + "inf,1,0\n") == "line 2: x0 must be a number in [-10, 10] (got inf)");
    CHECK(csv_error(h + "0,nan,0\n") == "line 2: x1 must be a number in [-10, 10] (got NaN)");
    CHECK(csv_error(h + "0,10.5,0\n") == "line 2: x1 must be a number in [-10, 10] (got 10.5)");
    CHECK(csv_error(h + "0,0,2\n") == "line 2: label must be 0 or 1 (got 2)");
    CHECK(csv_error(h + "0,0,-1\n") == "line 2: label must be 0 or 1 (got -1)");
    CHECK(csv_error(h + "0,0,yes\n") == "line 2: label is not a number: 'yes'");
    CHECK(csv_error(h + csv_lines(2001)) == "line 2002: more than 2000 points");
    CHECK(
        csv_error(csv_lines(10).replace(0, 1, "\x01")).rfind("line 1: x0 is not a number: '", 0) ==
        0);
    std::string ones;
    for (int i = 0; i < 12; ++i) ones += std::to_string(i * 0.5) + ",0,1\n";
    CHECK(csv_error(ones.replace(0, 1, "0")) ==
          "the file must hold both labels, 0 and 1 (all 12 points have label 1)");
    CHECK(csv_error(std::string(al::limits::points_csv_max_bytes + 1, '\n')) ==
          "the file is larger than 262144 bytes");
    CHECK(csv_error(std::string(al::limits::points_csv_max_bytes, '\n')) ==
          "the file must hold 10 to 2000 points (got 0)");
    // A binary line is quoted at a bounded length, controls escaped.
    const std::string binary = csv_error(std::string(5000, '\0'));
    CHECK(binary.size() < 200);
    CHECK(binary.rfind("line 1: expected 3 fields", 0) == 0);
}

TEST_CASE("neuron maps: each hidden layer's output over the grid, unit-major, in pieces alike") {
    al::Config c;
    c.hidden = {5, 3};
    c.norm = al::Norm::layer;
    c.n = 100;
    c.epochs = 1;
    al::Experiment e(c);
    e.step();
    const int nx = 7, ny = 4;
    const std::size_t cells = nx * ny;
    // The reference: forward() on the grid's points, its hidden outputs seen by an observer.
    struct Outputs : al::LayerObserver {
        std::vector<std::vector<float>> h{{}, {}};
        void preactivation(std::size_t, const float*, std::size_t, std::size_t) override {}
        void output(std::size_t l, const float* v, std::size_t rows, std::size_t width) override {
            h[l].assign(v, v + rows * width);
        }
    } seen;
    std::vector<float> xy;
    for (int k = 0; k < nx * ny; ++k) {
        xy.push_back(-2.0f + 0.5f * static_cast<float>(k % nx));
        xy.push_back(-1.0f + (3.0f / 3) * static_cast<float>(k / nx));
    }
    al::Mlp net(2, {5, 3}, al::Activation::gelu, 64, al::Norm::layer);
    net.params() = e.network().params();
    net.refresh();
    net.forward(xy.data(), cells, &seen);
    for (std::size_t layer : {0u, 1u}) {
        const std::size_t width = c.hidden[layer];
        std::vector<float> maps(width * cells, NAN), parts(width * cells, NAN);
        e.fill_neuron_maps(layer, nx, ny, -2, 1, -1, 2, maps.data());
        for (std::size_t first = 0; first < cells; first += 5)
            e.fill_neuron_maps(layer, nx, ny, -2, 1, -1, 2, parts.data(), first, 5);
        for (std::size_t u = 0; u < width; ++u)
            for (std::size_t k = 0; k < cells; ++k) {
                CAPTURE(layer);
                CAPTURE(u);
                CAPTURE(k);
                CHECK(maps[u * cells + k] == seen.h[layer][k * width + u]);
                CHECK(parts[u * cells + k] == maps[u * cells + k]);
            }
    }
    // A layer past the hidden ones writes nothing.
    std::vector<float> none(3, 7.0f);
    e.fill_neuron_maps(2, 1, 1, 0, 0, 0, 0, none.data());
    CHECK(none == std::vector<float>(3, 7.0f));
}
