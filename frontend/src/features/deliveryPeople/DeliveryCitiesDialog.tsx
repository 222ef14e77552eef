import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import type { FormValues } from '../../components/form/fields';
import { FormDialog } from '../../components/form/FormDialog';
import { MoneyText } from '../../components/MoneyText';
import { useT } from '../../i18n';
import { CityAutocomplete, type CityOption } from '../../components/city/CityAutocomplete';
import {
  useAddDeliveryCityMutation,
  useRemoveDeliveryCityMutation,
  useUpdateDeliveryCityMutation,
  type DeliveryPersonView,
  type DeliveryCity,
} from '../../components/deliveryPerson/api';
import '../../i18n/screens';

interface CityForm extends FormValues {
  city: CityOption | null;
  delivered_commission: number | null;
  refused_commission: number | null;
}

interface Props {
  person: DeliveryPersonView;
  onClose: () => void;
  notify: (message: string) => void;
}

/** The cities a delivery person serves, with his commission per delivered and per refused parcel. */
export function DeliveryCitiesDialog({ person: initial, onClose, notify }: Props) {
  const t = useT();
  // Every change answers with the whole delivery person: show that at once.
  const [person, setPerson] = useState(initial);
  /** undefined: closed; null: add form; a city: its edit form. */
  const [editing, setEditing] = useState<DeliveryCity | null | undefined>(undefined);
  const [removing, setRemoving] = useState<DeliveryCity | null>(null);
  const [addCity] = useAddDeliveryCityMutation();
  const [updateCity] = useUpdateDeliveryCityMutation();
  const [removeCity] = useRemoveDeliveryCityMutation();

  const save = async (values: CityForm) => {
    const commissions = {
      delivered_commission: values.delivered_commission,
      // Optional: no commission on a refused parcel unless one is set.
      refused_commission: values.refused_commission ?? 0,
    };
    const answer = editing
      ? await updateCity({ deliveryPerson: person.key, city: editing.city, body: commissions }).unwrap()
      : await addCity({ delivery_admin: person.key, city: values.city?.key ?? '', ...commissions }).unwrap();
    setPerson(answer.data);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="delivery-cities-dialog">
      <DialogTitle>{t('deliveryPeople.citiesTitle', { name: person.full_name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('deliveryPeople.citiesIntro')}</DialogContentText>
        {person.cities.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="delivery-cities-empty">
            {t('deliveryPeople.noCity')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{t('cities.name')}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>{t('deliveryPeople.deliveredCommission')}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>{t('deliveryPeople.refusedCommission')}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>{t('table.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {person.cities.map((city) => (
                  <TableRow key={city.city} data-testid="delivery-city-row">
                    <TableCell>{city.city_name}</TableCell>
                    <TableCell align="right"><MoneyText centimes={city.delivered_commission} /></TableCell>
                    <TableCell align="right"><MoneyText centimes={city.refused_commission} /></TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('crud.edit')}>
                        <IconButton size="small" aria-label={`${t('crud.edit')} ${city.city_name}`} onClick={() => setEditing(city)}>
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('deliveryPeople.removeCity')}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={`${t('deliveryPeople.removeCity')} ${city.city_name}`}
                          onClick={() => setRemoving(city)}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, justifyContent: 'space-between' }}>
        <Button startIcon={<Add />} onClick={() => setEditing(null)} data-testid="delivery-city-add">
          {t('deliveryPeople.addCity')}
        </Button>
        <Button onClick={onClose} variant="contained">
          {t('common.close')}
        </Button>
      </DialogActions>
      {editing !== undefined && (
        <FormDialog<CityForm>
          open
          testId="delivery-city-form"
          title={editing ? t('deliveryPeople.editCityTitle', { city: editing.city_name }) : t('deliveryPeople.addCityTitle')}
          initialValues={
            editing
              ? {
                  city: { key: editing.city, name: editing.city_name },
                  delivered_commission: editing.delivered_commission,
                  refused_commission: editing.refused_commission,
                }
              : { city: null, delivered_commission: null, refused_commission: 0 }
          }
          fields={[
            {
              name: 'city',
              label: t('cities.name'),
              type: 'custom',
              required: true,
              wide: true,
              disabled: Boolean(editing),
              render: (props) => <CityAutocomplete {...props} />,
            },
            { name: 'delivered_commission', label: t('deliveryPeople.deliveredCommission'), type: 'money', required: true },
            { name: 'refused_commission', label: t('deliveryPeople.refusedCommission'), type: 'money', helperText: t('deliveryPeople.refusedHelp') },
          ]}
          onSubmit={save}
          onSaved={() => notify(t('crud.saved'))}
          onClose={() => setEditing(undefined)}
        />
      )}
      {removing && (
        <ConfirmDialog
          open
          title={t('deliveryPeople.removeCityTitle', { city: removing.city_name })}
          body={t('deliveryPeople.removeCityBody', { name: person.full_name })}
          confirmLabel={t('deliveryPeople.removeCity')}
          onConfirm={() => removeCity({ deliveryPerson: person.key, city: removing.city }).unwrap()}
          onDone={() => {
            setPerson((current) => ({ ...current, cities: current.cities.filter((c) => c.city !== removing.city) }));
            notify(t('crud.deleted'));
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </Dialog>
  );
}
