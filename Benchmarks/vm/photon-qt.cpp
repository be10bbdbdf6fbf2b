// photon-qt: the peer most kiosks use. A Qt 6 widget, full screen, that
// shows a blue disc of radius 22 px under each finger, as photon-floor and
// the demo's markers do. Run on the linuxfb platform with evdevtouch or
// libinput for input (Benchmarks/vm/run sets QT_QPA_* for each).
#include <QApplication>
#include <QMap>
#include <QPaintEvent>
#include <QPainter>
#include <QTouchEvent>
#include <QWidget>

class Markers : public QWidget {
public:
    Markers() {
        setAttribute(Qt::WA_AcceptTouchEvents);
        setAttribute(Qt::WA_OpaquePaintEvent);
    }

protected:
    bool event(QEvent *event) override {
        switch (event->type()) {
        case QEvent::TouchBegin:
        case QEvent::TouchUpdate:
        case QEvent::TouchEnd:
        case QEvent::TouchCancel: {
            QMap<int, QPointF> now;
            for (const QEventPoint &point : static_cast<QTouchEvent *>(event)->points())
                if (point.state() != QEventPoint::Released) now[point.id()] = point.position();
            for (const QPointF &place : std::as_const(shown)) update(area(place));
            for (const QPointF &place : std::as_const(now)) update(area(place));
            shown = now;
            event->accept();
            return true;
        }
        default:
            return QWidget::event(event);
        }
    }

    void paintEvent(QPaintEvent *event) override {
        QPainter painter(this);
        painter.fillRect(event->rect(), Qt::white);
        painter.setPen(Qt::NoPen);
        painter.setBrush(Qt::blue);
        for (const QPointF &place : std::as_const(shown)) painter.drawEllipse(place, 22, 22);
    }

private:
    static QRect area(QPointF place) { return QRect(int(place.x()) - 24, int(place.y()) - 24, 49, 49); }
    QMap<int, QPointF> shown;
};

int main(int argc, char **argv) {
    QApplication application(argc, argv);
    Markers markers;
    markers.showFullScreen();
    return application.exec();
}
