import { Bone, Busy } from './order-skeletons';

/**
 * The detail layout: header with the total, shipment groups with item cards, and the sidebar cards. Its own
 * module, beside order-skeletons.tsx: the history page's first load does not carry the detail's shapes.
 */
export function DetailSkeleton() {
  const item = (index: number) => (
    <li key={index} className="item-card">
      <Bone className="skeleton--image item-skeleton__image" width="128px" height="128px" />
      <div className="item-card__body">
        <Bone width="min(14rem, 80%)" height="1.25rem" />
        <Bone width="4rem" />
        <Bone width="min(10rem, 60%)" />
        <Bone width="min(8rem, 50%)" />
      </div>
    </li>
  );
  return (
    <Busy className="order-detail detail-skeleton">
      <div className="order-header">
        <div>
          <Bone width="min(18rem, 70vw)" height="2rem" />
          <Bone width="10rem" className="skeleton--gap" />
        </div>
        <div className="order-header__total">
          <Bone width="5rem" />
          <Bone width="6rem" height="1.5rem" className="skeleton--gap" />
        </div>
      </div>
      <div className="order-detail__layout">
        <div className="order-detail__groups">
          {[2, 1].map((count, group) => (
            <div key={group} className="shipment-group card">
              <div className="shipment-group__head">
                <Bone width="9rem" height="1.5rem" />
                <Bone width="4rem" />
              </div>
              <ul className="shipment-group__items">{Array.from({ length: count }, (_, index) => item(index))}</ul>
            </div>
          ))}
        </div>
        <div className="order-sidebar">
          {[4, 3, 5].map((lines, card) => (
            <div key={card} className="card detail-skeleton__card">
              <Bone width="8rem" height="1.25rem" />
              {Array.from({ length: lines }, (_, index) => (
                <Bone key={index} width={index % 2 ? '70%' : '90%'} />
              ))}
            </div>
          ))}
        </div>
      </div>
    </Busy>
  );
}
