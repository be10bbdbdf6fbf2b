import Testing
import TouchUI

/// Smaller pieces of UIKit's vocabulary, each as Apple documents it.
@MainActor
struct EverydayNamesTests {
    /// "UIView's init() ... calls init(frame:) with CGRect.zero": a subclass
    /// that overrides only init(frame:) is made by `init()` too.
    @Test func initCallsInitFrame() {
        final class Card: View {
            var madeThroughFrame = false
            override init(frame: CGRect) {
                super.init(frame: frame)
                madeThroughFrame = true
            }
        }
        let card = Card()
        #expect(card.madeThroughFrame && card.frame == .zero)
    }

    /// "The size components of this rectangle are ignored" (UISwitch, UIStepper).
    @Test func aSwitchAndAStepperKeepTheirOwnSize() {
        #expect(Switch().frame.size == CGSize(width: 51, height: 31))
        #expect(Switch(frame: CGRect(x: 10, y: 20, width: 300, height: 300)).frame == CGRect(x: 10, y: 20, width: 51, height: 31))
        #expect(Stepper(frame: CGRect(x: 5, y: 5, width: 1, height: 1)).frame == CGRect(x: 5, y: 5, width: 94, height: 32))
    }

    /// UIViewController.loadView's default view is as large as the screen, so viewDidLoad sees its size.
    @Test func theDefaultViewIsAsLargeAsTheScreen() {
        final class Sizer: ViewController {
            var sizeAtLoad = CGSize.zero
            override func viewDidLoad() { sizeAtLoad = view.bounds.size }
        }
        let controller = Sizer()
        _ = controller.view
        #expect(controller.sizeAtLoad == Screen.main.bounds.size)
    }

    /// A rounded text field is 34 points tall in the 17-point system font, and grows with its font.
    @Test func aTextFieldIsOneLineTall() {
        let field = TextField()
        field.borderStyle = .roundedRect
        #expect(field.intrinsicContentSize.height == 34)
        #expect(field.intrinsicContentSize.width == View.noIntrinsicMetric)
        field.font = .systemFont(ofSize: 40)
        #expect(field.intrinsicContentSize.height > 45)
    }

    /// UIFont.Weight's nine weights, each heavier than the one before.
    @Test func fontWeightsAreOrdered() {
        let weights: [Font.Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        #expect(weights.map(\.rawValue) == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(Font.systemFont(ofSize: 17, weight: .semibold) != Font.systemFont(ofSize: 17))
    }

    /// UIBarButtonItem(primaryAction:), (systemItem:primaryAction:) and the target-action form.
    @Test func barButtonItemsAsUIKitMakesThem() {
        var ran: [String] = []
        let action = Action(title: "Pay") { action in ran.append("pay from \(action.sender === nil ? "nothing" : "the item")") }
        let pay = BarButtonItem(primaryAction: action)
        #expect(pay.title == "Pay" && pay.primaryAction === action)
        pay.handler?(pay)
        let done = BarButtonItem(systemItem: .done, primaryAction: Action { _ in ran.append("done") })
        #expect(done.title == "Done" && done.style == .done)
        done.handler?(done)
        #expect(BarButtonItem(systemItem: .cancel).style == .plain)
        final class Screen2 { var closed = 0; func close() { closed += 1 } }
        let screen = Screen2()
        let close = BarButtonItem(title: "Close", style: .plain, target: screen, action: Screen2.close)
        close.handler?(close)
        #expect(ran == ["pay from the item", "done"] && screen.closed == 1)
    }

    /// UITableViewController: its view is its table, and it is the table's data source and delegate.
    @Test func aTableViewControllerServesItsTable() {
        final class Fruit: TableViewController {
            let names = ["Apple", "Pear"]
            var chosen: [Int] = []
            override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }
            override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
                let cell = TableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = names[indexPath.row]
                return cell
            }
            override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { chosen.append(indexPath.row) }
        }
        let fruit = Fruit(style: .grouped)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: Application())
        window.rootViewController = fruit
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(fruit.view === fruit.tableView && fruit.tableView.style == .grouped)
        #expect(fruit.tableView.dataSource === fruit && fruit.tableView.delegate === fruit)
        #expect(fruit.tableView.visibleCells.map { $0.textLabel?.text } == ["Apple", "Pear"])
        fruit.tableView.delegate?.scrollViewDidScroll(fruit.tableView)
        (fruit.tableView.delegate as? TableViewDelegate)?.tableView(fruit.tableView, didSelectRowAt: IndexPath(row: 1, section: 0))
        #expect(fruit.chosen == [1])
        #expect(Fruit().tableView.style == .plain)
    }

    /// The NS names UIKit code writes for layout are the same types.
    @Test func nsLayoutConstraintIsTheSameType() {
        let box = View()
        let constraint: NSLayoutConstraint = box.widthAnchor.constraint(equalToConstant: 10)
        NSLayoutConstraint.activate([constraint])
        #expect(constraint.isActive)
        let insets = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        box.directionalLayoutMargins = insets
        #expect(box.directionalLayoutMargins.leading == 2)
    }

    /// UIView.contentMode: an image at its own size sits against the edges the mode names.
    @Test func contentModePlacesAnImageAgainstItsEdges() throws {
        let picture = Image(bitmap: try Bitmap(width: 20, height: 10))
        let view = ImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 50), image: picture)
        #expect(view.contentMode == .scaleToFill && view.imageRect == view.bounds)
        view.contentMode = .bottomRight
        #expect(view.imageRect == CGRect(x: 80, y: 40, width: 20, height: 10))
        view.contentMode = .top
        #expect(view.imageRect == CGRect(x: 40, y: 0, width: 20, height: 10))
        view.contentMode = .scaleAspectFit
        #expect(view.imageRect == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(View().isOpaque, "opaque by default, as UIView")
    }

    /// Foundation's `String(format:)`, without Foundation: C's printf, as Foundation formats numbers.
    @Test func stringFormatAsFoundationFormatsNumbers() {
        #expect(String(format: "%.1f °C", 21.25) == "21.2 °C")
        #expect(String(format: "%05.1f|%-4d|%x", 3.14159, 7, 255) == "003.1|7   |ff")
        #expect(String(format: "no arguments") == "no arguments")
    }
}
