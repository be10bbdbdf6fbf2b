/// What a presented controller's presentation holds while it lasts.
struct ModalPresentation {
    /// The style asked for, with `.automatic` resolved.
    let style: ViewController.ModalPresentationStyle
    /// The controller whose view a current-context presentation covers.
    let context: ViewController
    /// Dims what is beneath a sheet, and keeps touches from it.
    let dimming: View?
    /// The view a full-screen or current-context presentation hides (from the end of its transition).
    let hidden: View?
    /// The controller `present` was called on, as traces name it.
    let requesterName: String
    /// The presented view's own corners and clipping, put back when it goes (a sheet rounds and clips it).
    let ownLook: (cornerRadius: Double, maskedCorners: CornerMask, clipsToBounds: Bool)
}

extension ViewController {
    /// How long presenting and dismissing take when animated.
    public static let modalTransitionDuration = 0.3
    /// A sheet's rounded corners and the room around a centred one, in points.
    static let sheetCornerRadius = 10.0, sheetMargin = 20.0
    /// How dark the dimming behind a sheet is.
    static let sheetDimming = Color(white: 0, alpha: 0.3)

    /// `present(_:animated:completion:)`: finds the controller that presents, and presents there.
    /// `requester` is the controller `present` was called on: traces name it, as they always have.
    func presentController(_ controller: ViewController, animated: Bool, completion: (() -> Void)?, requester: ViewController? = nil) {
        let requester = requester ?? self
        let style = controller.modalPresentationStyle == .automatic ? .pageSheet : controller.modalPresentationStyle
        let context = presentationContext(for: style)
        let presenter = style == .currentContext || style == .overCurrentContext ? context : rootOfPresentation
        if presenter !== self {
            return presenter.presentController(controller, animated: animated, completion: completion, requester: requester)
        }
        // Already presenting: nothing happens, as in UIKit.
        guard presentedViewController == nil, let window = view.window else { return }
        if let trace = application?.actionTrace { trace("\(type(of: requester)) presented \(Self.traceName(of: controller))") }
        presentedViewController = controller
        controller.presenter = self
        let presented = controller.view
        let isSheet = style == .pageSheet || style == .formSheet
        let dimming = isSheet ? View() : nil
        // The view to hide once the presented one covers it.
        let covered: ViewController? = switch style {
        case .fullScreen: self
        case .currentContext: context
        default: nil
        }
        controller.modalPresentation = ModalPresentation(
            style: style, context: context, dimming: dimming, hidden: covered?.view, requesterName: "\(type(of: requester))",
            ownLook: (presented.cornerRadius, presented.maskedCorners, presented.clipsToBounds))
        // The screen behind a sheet stays still while the dimming over it fades: it is
        // copied from the screen into a picture, not drawn again on every frame.
        let behind: View? = animated && dimming != nil && View.rasterizesAnimatedViews ? view : nil
        if let behind {
            behind.rasterizationHolds += 1
            behind.capturePictureFromScreen()
        }
        if let dimming {
            dimming.backgroundColor = Self.sheetDimming
            dimming.frame = window.bounds
            window.addSubview(dimming)
        }
        presented.frame = controller.frameForPresentation(in: window)
        presented.updateTraits(from: window.traits)
        // What is covered stops taking keys, as when UIKit takes its view from the window.
        if let covered { _ = covered.view.endEditing(true) }
        covered?.viewWillDisappear(animated)
        controller.viewWillAppear(animated)
        window.addSubview(presented)
        let appeared = {
            // Dismissed before it was all in: what it covered stays, and it never appeared.
            if !controller.isBeingDismissed, controller.presenter === self {
                if let covered {
                    covered.view.isHidden = true
                    covered.viewDidDisappear(animated)
                }
                controller.viewDidAppear(animated)
            }
            completion?()
        }
        guard animated else { return appeared() }
        let frame = presented.frame
        View.performWithoutAnimation {
            dimming?.alpha = 0
            switch controller.modalTransitionStyle {
            case .coverVertical: presented.center.y += window.bounds.height - frame.minY
            case .crossDissolve: presented.alpha = 0
            }
        }
        View.animate(withDuration: Self.modalTransitionDuration, delay: 0, options: .curveEaseOut, animations: {
            presented.frame = frame
            presented.alpha = 1
            dimming?.alpha = 1
        }, completion: { _ in
            behind?.rasterizationHolds -= 1
            appeared()
        })
    }

    /// `dismiss(animated:completion:)`: finds the controller that dismisses.
    func dismissController(animated: Bool, completion: (() -> Void)?) {
        var handler: ViewController? = self
        while let candidate = handler, candidate.presentedViewController == nil { handler = candidate.parent }
        guard let handler, let presented = handler.presentedViewController else {
            presentingViewController?.dismiss(animated: animated, completion: completion)
            return
        }
        handler.dismissPresented(presented, animated: animated, completion: completion)
    }

    private func dismissPresented(_ presented: ViewController, animated: Bool, completion: (() -> Void)?) {
        // Already on its way out: a second dismiss changes nothing.
        guard !presented.isBeingDismissed else { return }
        if let trace = application?.actionTrace {
            trace("\(presented.modalPresentation?.requesterName ?? "\(type(of: self))") dismissed \(Self.traceName(of: presented))")
        }
        presented.isBeingDismissed = true
        // What the presented controller presented in turn goes first, at once.
        if let further = presented.presentedViewController { presented.dismissPresented(further, animated: false, completion: nil) }
        // What it hid shows again, beneath it as it leaves.
        let uncovered = presented.modalPresentation?.hidden?.owningViewController
        if let hidden = presented.modalPresentation?.hidden {
            hidden.isHidden = false
            uncovered?.viewWillAppear(animated)
        }
        presented.viewWillDisappear(animated)
        let view = presented.view
        let bounds = view.frame
        let dimming = presented.modalPresentation?.dimming
        let gone = { [weak self] in
            view.removeFromSuperview()
            dimming?.removeFromSuperview()
            view.frame = bounds
            view.alpha = 1
            if let presentation = presented.modalPresentation { presented.look(presentation.ownLook) }
            presented.modalPresentation = nil
            presented.presenter = nil
            presented.isBeingDismissed = false
            if self?.presentedViewController === presented { self?.presentedViewController = nil }
            presented.viewDidDisappear(animated)
            uncovered?.viewDidAppear(animated)
            completion?()
        }
        guard animated, let window = view.window else { return gone() }
        // As when it came: the screen behind the fading dimming is a picture meanwhile.
        let behind = dimming != nil && View.rasterizesAnimatedViews ? self.view : nil
        behind?.rasterizationHolds += 1
        View.animate(withDuration: Self.modalTransitionDuration, delay: 0, options: .curveEaseIn, animations: {
            dimming?.alpha = 0
            switch presented.modalTransitionStyle {
            case .coverVertical: view.center.y += window.bounds.height - bounds.minY
            case .crossDissolve: view.alpha = 0
            }
        }, completion: { _ in
            behind?.rasterizationHolds -= 1
            gone()
        })
    }

    private func look(_ look: (cornerRadius: Double, maskedCorners: CornerMask, clipsToBounds: Bool)) {
        (view.cornerRadius, view.maskedCorners, view.clipsToBounds) = look
    }

    /// The topmost ancestor: the controller that covers the screen (the
    /// window's root, or a presented controller).
    var rootOfPresentation: ViewController {
        var root = self
        while let parent = root.parent { root = parent }
        return root
    }

    /// The controller whose view a presentation of `style` asked for by this one covers.
    func presentationContext(for style: ModalPresentationStyle) -> ViewController {
        guard style == .currentContext || style == .overCurrentContext else { return rootOfPresentation }
        var context = self
        while !context.definesPresentationContext, let parent = context.parent { context = parent }
        return context
    }

    /// Where this presented controller's view goes in `window`, for its
    /// style and the window's size now (a sheet adapts to size classes).
    func frameForPresentation(in window: Window) -> Rect {
        guard let presentation = modalPresentation else { return window.bounds }
        let bounds = window.bounds
        switch presentation.style {
        case .currentContext, .overCurrentContext:
            let context = presentation.context.view
            return context.window === window ? context.convert(context.bounds, to: nil) : bounds
        case .pageSheet, .formSheet:
            let traits = window.traits
            if traits.verticalSizeClass == .compact {
                look(presentation.ownLook)
                return bounds
            }
            if traits.horizontalSizeClass == .compact {
                // A card from just below the top to the bottom edge, over the full width.
                look((Self.sheetCornerRadius, .top, true))
                let top = window.safeAreaInsets.top + Self.sheetMargin / 2
                return Rect(x: 0, y: top, width: bounds.width, height: bounds.height - top)
            }
            look((Self.sheetCornerRadius, .all, true))
            let room = bounds.inset(by: EdgeInsets(
                top: window.safeAreaInsets.top + Self.sheetMargin, left: Self.sheetMargin, bottom: Self.sheetMargin, right: Self.sheetMargin))
            let wanted = presentation.style == .formSheet
                ? (preferredContentSize == .zero ? Size(width: 540, height: 620) : preferredContentSize)
                : Size(width: 704, height: room.height)
            let size = Size(width: min(wanted.width, room.width), height: min(wanted.height, room.height))
            return Rect(x: room.midX - size.width / 2, y: room.midY - size.height / 2, width: size.width, height: size.height)
        default:
            return bounds
        }
    }
}
